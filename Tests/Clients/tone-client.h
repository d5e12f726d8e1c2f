/* What the tests' own libpulse clients share: one main loop, a line protocol on standard output
 * (each client prints a word once the server has done a step, and the tests wait for it), stream
 * properties from KEY=VALUE arguments, a 440 Hz tone writer, and SIGTERM as a clean end.
 * Header-only: each client is one C file built on its own by the tests (cc, pkg-config libpulse). */
#ifndef TONE_CLIENT_H
#define TONE_CLIENT_H

#include <math.h>
#include <pulse/pulseaudio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

enum { TONE_RATE = 48000 };

static pa_mainloop *loop;
static pa_mainloop_api *api;
static double tone_phase;

static inline void quit(int status) { pa_mainloop_quit(loop, status); }

/* One step done: the tests wait for this line. */
static inline void say(const char *line) {
    printf("%s\n", line);
    fflush(stdout);
}

/* The stream properties given as KEY=VALUE arguments from `first` on, or NULL after printing
 * which argument was not KEY=VALUE. */
static inline pa_proplist *properties_from(int argc, char **argv, int first) {
    pa_proplist *properties = pa_proplist_new();
    for (int i = first; i < argc; i++) {
        if (pa_proplist_setp(properties, argv[i]) < 0) {
            fprintf(stderr, "not KEY=VALUE: %s\n", argv[i]);
            pa_proplist_free(properties);
            return NULL;
        }
    }
    return properties;
}

/* The tone's sample spec: float stereo at 48 kHz. */
static inline pa_sample_spec tone_spec(void) {
    pa_sample_spec spec = { .format = PA_SAMPLE_FLOAT32NE, .rate = TONE_RATE, .channels = 2 };
    return spec;
}

/* A playback stream's write callback: as much of a 440 Hz tone at half scale as the server asks. */
static inline void write_tone(pa_stream *s, size_t length, void *userdata) {
    (void)userdata;
    void *buffer;
    if (pa_stream_begin_write(s, &buffer, &length) < 0) { quit(1); return; }
    float *samples = buffer;
    size_t frames = length / (2 * sizeof(float));
    for (size_t i = 0; i < frames; i++) {
        float value = (float)(0.5 * sin(tone_phase));
        samples[2 * i] = samples[2 * i + 1] = value;
        tone_phase += 2 * M_PI * 440 / TONE_RATE;
        if (tone_phase > 2 * M_PI) tone_phase -= 2 * M_PI;
    }
    if (pa_stream_write(s, buffer, frames * 2 * sizeof(float), NULL, 0, PA_SEEK_RELATIVE) < 0) quit(1);
}

static inline void on_term_signal(pa_mainloop_api *a, pa_signal_event *event, int signal, void *userdata) {
    (void)a; (void)event; (void)signal; (void)userdata;
    quit(0);
}

/* Makes the loop, has SIGTERM end it and SIGUSR1/SIGUSR2 call the client's handlers (either may be
 * NULL), connects a context named `name` whose state changes go to `on_state`, and runs the loop.
 * Returns the status the client quit with. */
static inline int run_client(const char *name, pa_context_notify_cb_t on_state,
                      pa_signal_cb_t on_usr1, pa_signal_cb_t on_usr2) {
    int status = 1;
    loop = pa_mainloop_new();
    api = pa_mainloop_get_api(loop);
    pa_signal_init(api);
    if (on_usr1) pa_signal_new(SIGUSR1, on_usr1, NULL);
    if (on_usr2) pa_signal_new(SIGUSR2, on_usr2, NULL);
    pa_signal_new(SIGTERM, on_term_signal, NULL);
    pa_context *context = pa_context_new(api, name);
    pa_context_set_state_callback(context, on_state, NULL);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) return 1;
    pa_mainloop_run(loop, &status);
    return status;
}

#endif
