/* A level meter as pavucontrol opens one: a PA_STREAM_PEAK_DETECT capture stream (one float
 * channel at 25 Hz, one sample per fragment). No packaged client opens such a stream from a
 * command line (parec cannot ask for peak detection), so the agent's tests build this one.
 *
 *   peak-meter [--corked] SOURCE NAME [KEY=VALUE ...]
 *
 * Prints "ready" once the stream records. SIGUSR1 corks it, SIGUSR2 uncorks it (a meter that
 * closes and reopens its view), SIGTERM ends it.
 * Built by the tests with cc and pkg-config libpulse. */
#include "tone-client.h"

static pa_stream *stream;
static int start_corked;
static const char *source_name;
static const char *stream_name;
static pa_proplist *properties;

static void on_read(pa_stream *s, size_t length, void *userdata) {
    const void *data;
    (void)length; (void)userdata;
    if (pa_stream_peek(s, &data, &length) < 0) { quit(1); return; }
    if (length > 0) pa_stream_drop(s);
}

static void on_stream_state(pa_stream *s, void *userdata) {
    (void)userdata;
    switch (pa_stream_get_state(s)) {
    case PA_STREAM_READY: say("ready"); break;
    case PA_STREAM_FAILED: case PA_STREAM_TERMINATED: quit(1); break;
    default: break;
    }
}

static void on_cork_signal(pa_mainloop_api *api, pa_signal_event *event, int signal, void *userdata) {
    (void)api; (void)event; (void)userdata;
    pa_operation *done = pa_stream_cork(stream, signal == SIGUSR1, NULL, NULL);
    if (done) pa_operation_unref(done);
}

static void on_context_state(pa_context *context, void *userdata) {
    (void)userdata;
    switch (pa_context_get_state(context)) {
    case PA_CONTEXT_READY: {
        pa_sample_spec spec = { .format = PA_SAMPLE_FLOAT32NE, .rate = 25, .channels = 1 };
        pa_buffer_attr attributes = { .maxlength = (uint32_t)-1, .fragsize = sizeof(float) };
        stream = pa_stream_new_with_proplist(context, stream_name, &spec, NULL, properties);
        if (!stream) { quit(1); return; }
        pa_stream_set_state_callback(stream, on_stream_state, NULL);
        pa_stream_set_read_callback(stream, on_read, NULL);
        pa_stream_flags_t flags = PA_STREAM_DONT_MOVE | PA_STREAM_PEAK_DETECT | PA_STREAM_ADJUST_LATENCY;
        if (start_corked) flags |= PA_STREAM_START_CORKED;
        if (pa_stream_connect_record(stream, source_name, &attributes, flags) < 0) quit(1);
        break;
    }
    case PA_CONTEXT_FAILED: case PA_CONTEXT_TERMINATED: quit(1); break;
    default: break;
    }
}

int main(int argc, char **argv) {
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--corked") == 0) { start_corked = 1; first = 2; }
    if (argc < first + 2) { fprintf(stderr, "usage: peak-meter [--corked] SOURCE NAME [KEY=VALUE ...]\n"); return 64; }
    source_name = argv[first];
    stream_name = argv[first + 1];
    if (!(properties = properties_from(argc, argv, first + 2))) return 64;
    return run_client("peak-meter", on_context_state, on_cork_signal, on_cork_signal);
}
