/* Load for the footprint benchmark: RATE sink-input changes per second for SECONDS seconds, made
 * by flipping the music stream's volume between its level and half of it. Every flip is one
 * stream change a policy daemon (WirePlumber, the agent) sees and may react to.
 *
 *   loadgen RATE SECONDS
 *
 * Built by scripts/bench; stops by itself and puts the volume back. */
#include <pulse/pulseaudio.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static pa_mainloop_api *api;
static pa_context *context;
static uint32_t music = PA_INVALID_INDEX;
static pa_cvolume level, half;
static long rate, remaining;
static int lowered, finishing;

static void drop(pa_operation *op) { if (op) pa_operation_unref(op); }

static void on_drained(pa_context *c, void *userdata) {
    (void)c; (void)userdata;
    api->quit(api, 0);
}

static void on_tick(pa_mainloop_api *a, pa_time_event *e, const struct timeval *tv, void *userdata) {
    (void)tv; (void)userdata;
    if (music == PA_INVALID_INDEX) {
        a->quit(a, 1);
        return;
    }
    if (remaining-- <= 0) {
        drop(pa_context_set_sink_input_volume(context, music, &level, NULL, NULL));
        finishing = 1;
        /* Leave only once the last volume write has reached the server. */
        pa_operation *op = pa_context_drain(context, on_drained, NULL);
        if (op) pa_operation_unref(op); else a->quit(a, 0);
        return;
    }
    lowered = !lowered;
    drop(pa_context_set_sink_input_volume(context, music, lowered ? &half : &level, NULL, NULL));
    struct timeval next;
    a->time_restart(e, pa_timeval_add(pa_gettimeofday(&next), 1000000 / rate));
}

static void on_listed(pa_context *c, const pa_sink_input_info *info, int eol, void *userdata) {
    (void)c; (void)userdata;
    if (eol) {
        if (music == PA_INVALID_INDEX) { fprintf(stderr, "loadgen: no music stream\n"); api->quit(api, 1); return; }
        struct timeval first;
        api->time_new(api, pa_timeval_add(pa_gettimeofday(&first), 1000000 / rate), on_tick, NULL);
        return;
    }
    const char *role = pa_proplist_gets(info->proplist, PA_PROP_MEDIA_ROLE);
    if (music == PA_INVALID_INDEX && role && strcasecmp(role, "music") == 0) {
        music = info->index;
        level = info->volume;
        half = info->volume;
        pa_cvolume_set(&half, half.channels, pa_cvolume_avg(&level) / 2);
    }
}

static void on_state(pa_context *c, void *userdata) {
    (void)userdata;
    switch (pa_context_get_state(c)) {
    case PA_CONTEXT_READY: drop(pa_context_get_sink_input_info_list(c, on_listed, NULL)); break;
    case PA_CONTEXT_FAILED:
    case PA_CONTEXT_TERMINATED:
        if (!finishing) { fprintf(stderr, "loadgen: %s\n", pa_strerror(pa_context_errno(c))); api->quit(api, 1); }
        break;
    default: break;
    }
}

int main(int argc, char **argv) {
    if (argc != 3 || (rate = atol(argv[1])) <= 0 || atol(argv[2]) <= 0) {
        fprintf(stderr, "usage: loadgen RATE SECONDS\n");
        return 2;
    }
    remaining = rate * atol(argv[2]);
    pa_mainloop *loop = pa_mainloop_new();
    api = pa_mainloop_get_api(loop);
    context = pa_context_new(api, "bench-loadgen");
    pa_context_set_state_callback(context, on_state, NULL);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) return 1;
    int result = 0;
    pa_mainloop_run(loop, &result);
    pa_context_disconnect(context);
    pa_context_unref(context);
    pa_mainloop_free(loop);
    return result;
}
