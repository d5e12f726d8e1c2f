/* A player whose stream title keeps changing, as Firefox's does: it sets the stream's media.name
 * to the playing tab's title at every title change (a chat page, a clock). No packaged
 * command-line client renames a playing stream, so the agent's tests build this one.
 *
 *   title-churn NAME KEY=VALUE ...
 *
 * Plays a 440 Hz tone (float stereo, 48 kHz) on the default sink in a stream named NAME with the
 * given stream properties, and prints "ready" once it plays. Each SIGUSR1 starts a burst of 20
 * renames, one every 20 ms ("NAME (1)", "NAME (2)", ...), and prints "churned N" when the server
 * has acknowledged all N renames so far. SIGUSR2 corks the stream (a player that paused) and
 * prints "corked" once the server has done it. SIGTERM ends it.
 * Built by the tests with cc and pkg-config libpulse. */
#include "tone-client.h"

enum { BURST = 20, INTERVAL_USEC = 20000 };

static pa_stream *stream;
static const char *stream_name;
static pa_proplist *properties;
static int renames_asked, renames_done, burst_left;

static void on_renamed(pa_stream *s, int success, void *userdata) {
    (void)s; (void)userdata;
    if (!success) { quit(1); return; }
    renames_done++;
    if (renames_done == renames_asked && burst_left == 0) { printf("churned %d\n", renames_done); fflush(stdout); }
}

static void on_tick(pa_mainloop_api *a, pa_time_event *event, const struct timeval *tv, void *userdata) {
    (void)tv; (void)userdata;
    char title[512];
    snprintf(title, sizeof title, "%s (%d)", stream_name, ++renames_asked);
    pa_operation *done = pa_stream_set_name(stream, title, on_renamed, NULL);
    if (done) pa_operation_unref(done);
    if (--burst_left > 0) {
        struct timeval next;
        a->time_restart(event, pa_timeval_add(pa_gettimeofday(&next), INTERVAL_USEC));
    } else {
        a->time_free(event);
    }
}

static void on_churn_signal(pa_mainloop_api *a, pa_signal_event *event, int signal, void *userdata) {
    (void)event; (void)signal; (void)userdata;
    if (burst_left > 0 || !stream) return;
    burst_left = BURST;
    struct timeval now;
    a->time_new(a, pa_gettimeofday(&now), on_tick, NULL);
}

static void on_corked(pa_stream *s, int success, void *userdata) {
    (void)s; (void)userdata;
    if (!success) { quit(1); return; }
    say("corked");
}

static void on_cork_signal(pa_mainloop_api *a, pa_signal_event *event, int signal, void *userdata) {
    (void)a; (void)event; (void)signal; (void)userdata;
    if (!stream) return;
    pa_operation *done = pa_stream_cork(stream, 1, on_corked, NULL);
    if (done) pa_operation_unref(done);
}

static void on_stream_state(pa_stream *s, void *userdata) {
    (void)userdata;
    switch (pa_stream_get_state(s)) {
    case PA_STREAM_READY: say("ready"); break;
    case PA_STREAM_FAILED: case PA_STREAM_TERMINATED: quit(1); break;
    default: break;
    }
}

static void on_context_state(pa_context *context, void *userdata) {
    (void)userdata;
    switch (pa_context_get_state(context)) {
    case PA_CONTEXT_READY: {
        pa_sample_spec spec = tone_spec();
        stream = pa_stream_new_with_proplist(context, stream_name, &spec, NULL, properties);
        if (!stream) { quit(1); return; }
        pa_stream_set_state_callback(stream, on_stream_state, NULL);
        pa_stream_set_write_callback(stream, write_tone, NULL);
        if (pa_stream_connect_playback(stream, NULL, NULL, 0, NULL, NULL) < 0) quit(1);
        break;
    }
    case PA_CONTEXT_FAILED: case PA_CONTEXT_TERMINATED: quit(1); break;
    default: break;
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: title-churn NAME [KEY=VALUE ...]\n"); return 64; }
    stream_name = argv[1];
    if (!(properties = properties_from(argc, argv, 2))) return 64;
    return run_client("title-churn", on_context_state, on_churn_signal, on_cork_signal);
}
