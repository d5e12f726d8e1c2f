/* A level meter as pavucontrol opens one: a PA_STREAM_PEAK_DETECT capture stream (one float
 * channel at 25 Hz, one sample per fragment). No packaged client opens such a stream from a
 * command line (parec cannot ask for peak detection), so the agent's tests build this one.
 *
 *   peak-meter [--corked] SOURCE NAME [KEY=VALUE ...]
 *
 * Prints "ready" once the stream records. SIGUSR1 corks it, SIGUSR2 uncorks it (a meter that
 * closes and reopens its view), SIGTERM ends it.
 * Built by the tests with cc and pkg-config libpulse. */
#include <pulse/pulseaudio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static pa_mainloop *loop;
static pa_stream *stream;
static int start_corked;
static const char *source_name;
static const char *stream_name;
static pa_proplist *properties;

static void quit(int status) { pa_mainloop_quit(loop, status); }

static void on_read(pa_stream *s, size_t length, void *userdata) {
    const void *data;
    (void)length; (void)userdata;
    if (pa_stream_peek(s, &data, &length) < 0) { quit(1); return; }
    if (length > 0) pa_stream_drop(s);
}

static void on_stream_state(pa_stream *s, void *userdata) {
    (void)userdata;
    switch (pa_stream_get_state(s)) {
    case PA_STREAM_READY: printf("ready\n"); fflush(stdout); break;
    case PA_STREAM_FAILED: case PA_STREAM_TERMINATED: quit(1); break;
    default: break;
    }
}

static void on_cork_signal(pa_mainloop_api *api, pa_signal_event *event, int signal, void *userdata) {
    (void)api; (void)event; (void)userdata;
    pa_operation *done = pa_stream_cork(stream, signal == SIGUSR1, NULL, NULL);
    if (done) pa_operation_unref(done);
}

static void on_term_signal(pa_mainloop_api *api, pa_signal_event *event, int signal, void *userdata) {
    (void)api; (void)event; (void)signal; (void)userdata;
    quit(0);
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
    int first = 1, status = 1;
    if (argc > 1 && strcmp(argv[1], "--corked") == 0) { start_corked = 1; first = 2; }
    if (argc < first + 2) { fprintf(stderr, "usage: peak-meter [--corked] SOURCE NAME [KEY=VALUE ...]\n"); return 64; }
    source_name = argv[first];
    stream_name = argv[first + 1];
    properties = pa_proplist_new();
    for (int i = first + 2; i < argc; i++) {
        if (pa_proplist_setp(properties, argv[i]) < 0) { fprintf(stderr, "not KEY=VALUE: %s\n", argv[i]); return 64; }
    }
    loop = pa_mainloop_new();
    pa_mainloop_api *api = pa_mainloop_get_api(loop);
    pa_signal_init(api);
    pa_signal_new(SIGUSR1, on_cork_signal, NULL);
    pa_signal_new(SIGUSR2, on_cork_signal, NULL);
    pa_signal_new(SIGTERM, on_term_signal, NULL);
    pa_context *context = pa_context_new(api, "peak-meter");
    pa_context_set_state_callback(context, on_context_state, NULL);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) return 1;
    pa_mainloop_run(loop, &status);
    return status;
}
