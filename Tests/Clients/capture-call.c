/* A call that declares nothing, as a browser's WebRTC call: one process plays the far end in a
 * role-less playback stream and records from a microphone in a capture stream, both on one
 * connection. No packaged command-line client plays and records at once from one process, so the
 * agent's tests build this one.
 *
 *   capture-call NAME SOURCE [KEY=VALUE ...]
 *
 * Plays a 440 Hz tone (float stereo, 48 kHz) on the default sink in a stream named NAME with the
 * given stream properties, and prints "playing" once it plays. Each SIGUSR1 opens a capture
 * stream named "NAME input" from SOURCE (a source name, such as "mic" or "speaker.monitor", or
 * "@DEFAULT_SOURCE@") and prints "capturing" once the server has it; each SIGUSR2 closes it and
 * prints "closed" once the server has let it go. Each SIGHUP replaces the playback stream as
 * Firefox now and then does during a call: the old one is closed first, then a new one like it
 * opens and "playing" is printed again. SIGTERM ends it.
 * Built by the tests with cc and pkg-config libpulse. */
#include "tone-client.h"

static pa_context *context;
static pa_stream *playback, *capture;
static const char *stream_name, *source_name;
static pa_proplist *properties;
static int replacing;

static void open_playback(void);

/* Recorded audio is read and dropped: a call's microphone, not a recorder. */
static void on_read(pa_stream *s, size_t length, void *userdata) {
    (void)length; (void)userdata;
    const void *data;
    size_t size;
    while (pa_stream_readable_size(s) > 0) {
        if (pa_stream_peek(s, &data, &size) < 0) { quit(1); return; }
        if (size == 0) break;
        pa_stream_drop(s);
    }
}

static void on_playback_state(pa_stream *s, void *userdata) {
    (void)userdata;
    switch (pa_stream_get_state(s)) {
    case PA_STREAM_READY: say("playing"); break;
    case PA_STREAM_TERMINATED:
        if (!replacing) { quit(1); break; }
        replacing = 0;
        pa_stream_unref(s);
        open_playback();
        break;
    case PA_STREAM_FAILED: quit(1); break;
    default: break;
    }
}

static void open_playback(void) {
    pa_sample_spec spec = tone_spec();
    playback = pa_stream_new_with_proplist(context, stream_name, &spec, NULL, properties);
    if (!playback) { quit(1); return; }
    pa_stream_set_state_callback(playback, on_playback_state, NULL);
    pa_stream_set_write_callback(playback, write_tone, NULL);
    if (pa_stream_connect_playback(playback, NULL, NULL, 0, NULL, NULL) < 0) quit(1);
}

static void on_replace_signal(pa_mainloop_api *a, pa_signal_event *event, int signal, void *userdata) {
    (void)a; (void)event; (void)signal; (void)userdata;
    if (replacing || !playback || pa_stream_get_state(playback) != PA_STREAM_READY) return;
    replacing = 1;
    pa_stream_disconnect(playback);
}

static void on_capture_state(pa_stream *s, void *userdata) {
    (void)userdata;
    switch (pa_stream_get_state(s)) {
    case PA_STREAM_READY: say("capturing"); break;
    case PA_STREAM_FAILED: quit(1); break;
    case PA_STREAM_TERMINATED:
        pa_stream_unref(s);
        if (s == capture) capture = NULL;
        say("closed");
        break;
    default: break;
    }
}

static void on_open_signal(pa_mainloop_api *a, pa_signal_event *event, int signal, void *userdata) {
    (void)a; (void)event; (void)signal; (void)userdata;
    if (capture || !playback) return;
    char name[512];
    snprintf(name, sizeof name, "%s input", stream_name);
    pa_sample_spec spec = { .format = PA_SAMPLE_FLOAT32NE, .rate = TONE_RATE, .channels = 1 };
    capture = pa_stream_new_with_proplist(context, name, &spec, NULL, properties);
    if (!capture) { quit(1); return; }
    pa_stream_set_state_callback(capture, on_capture_state, NULL);
    pa_stream_set_read_callback(capture, on_read, NULL);
    const char *device = strcmp(source_name, "@DEFAULT_SOURCE@") == 0 ? NULL : source_name;
    if (pa_stream_connect_record(capture, device, NULL, 0) < 0) quit(1);
}

static void on_close_signal(pa_mainloop_api *a, pa_signal_event *event, int signal, void *userdata) {
    (void)a; (void)event; (void)signal; (void)userdata;
    if (capture && pa_stream_get_state(capture) == PA_STREAM_READY) pa_stream_disconnect(capture);
}

static void on_context_state(pa_context *c, void *userdata) {
    (void)userdata;
    switch (pa_context_get_state(c)) {
    case PA_CONTEXT_READY:
        context = c;
        pa_signal_new(SIGHUP, on_replace_signal, NULL);
        open_playback();
        break;
    case PA_CONTEXT_FAILED: case PA_CONTEXT_TERMINATED: quit(1); break;
    default: break;
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: capture-call NAME SOURCE [KEY=VALUE ...]\n"); return 64; }
    stream_name = argv[1];
    source_name = argv[2];
    if (!(properties = properties_from(argc, argv, 3))) return 64;
    return run_client("capture-call", on_context_state, on_open_signal, on_close_signal);
}
