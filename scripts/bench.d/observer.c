/* The independent observer of the reaction-latency benchmark.
 *
 *   observer REPS -- TRIGGER-COMMAND...
 *
 * Finds the music stream (the sink input whose media.role is music), then REPS times: starts the
 * trigger command (a paplay phone stream), takes a CLOCK_MONOTONIC timestamp when the server's
 * sink-input "new" event for it arrives, and another when a "change" event of the music stream
 * arrives whose mute or volume then differs from the baseline. Prints "sample_us N" per rep (or
 * "miss" after 3 s), stops the trigger, puts the music back to its baseline, waits for the trigger
 * to vanish, and lets the server settle before the next rep.
 *
 * Both timestamps come from one connection read by one blocking main loop, so they share a clock
 * and a path; `pactl subscribe` prints no timestamps of its own. Built by scripts/bench. */
#include <pulse/pulseaudio.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum phase { FINDING, SETTLING, WAITING, RESETTING };

static pa_mainloop *loop;
static pa_mainloop_api *api;
static pa_context *context;
static char **trigger_argv;
static int reps, done_reps, misses;
static enum phase phase = FINDING;
static uint32_t music = PA_INVALID_INDEX;
static int baseline_mute;
static pa_cvolume baseline_volume;
static int music_at_baseline;
static pid_t child = -1;
static int trigger_gone = 1;
static uint32_t trigger = PA_INVALID_INDEX;
static int64_t trigger_seen_ns = -1;
static int64_t phase_started_ns;
static int sampled;
static int finishing;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void fail(const char *what) {
    fprintf(stderr, "observer: %s: %s\n", what, pa_strerror(pa_context_errno(context)));
    api->quit(api, 1);
}

static void drop(pa_operation *op) { if (op) pa_operation_unref(op); }

static int is_music(const pa_sink_input_info *info) {
    const char *role = pa_proplist_gets(info->proplist, PA_PROP_MEDIA_ROLE);
    return role && strcasecmp(role, "music") == 0;
}

static void enter(enum phase next) {
    phase = next;
    phase_started_ns = now_ns();
}

static void start_trigger(void) {
    trigger = PA_INVALID_INDEX;
    trigger_seen_ns = -1;
    sampled = 0;
    trigger_gone = 0;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        execvp(trigger_argv[0], trigger_argv);
        _exit(127);
    }
    if (child < 0) { perror("observer: fork"); api->quit(api, 1); return; }
    enter(WAITING);
}

static void put_music_back(void) {
    drop(pa_context_set_sink_input_mute(context, music, baseline_mute, NULL, NULL));
    drop(pa_context_set_sink_input_volume(context, music, &baseline_volume, NULL, NULL));
}

static void stop_trigger(void) {
    if (child > 0) kill(child, SIGTERM);
    put_music_back();
    enter(RESETTING);
}

/* The music stream's state after a change event that arrived at `arrived_ns`. */
static void on_music_info(pa_context *c, const pa_sink_input_info *info, int eol, void *userdata) {
    (void)c;
    int64_t *arrived_ns = userdata;
    if (eol || !info) { if (eol) free(arrived_ns); return; }
    int differs = info->mute != baseline_mute || !pa_cvolume_equal(&info->volume, &baseline_volume);
    music_at_baseline = !differs;
    if (phase == WAITING && differs && trigger_seen_ns >= 0 && !sampled) {
        sampled = 1;
        printf("sample_us %.1f\n", (double)(*arrived_ns - trigger_seen_ns) / 1000.0);
        done_reps++;
        stop_trigger();
    }
}

static void on_event(pa_context *c, pa_subscription_event_type_t type, uint32_t index, void *userdata) {
    (void)userdata;
    int64_t arrived = now_ns();
    if ((type & PA_SUBSCRIPTION_EVENT_FACILITY_MASK) != PA_SUBSCRIPTION_EVENT_SINK_INPUT) return;
    unsigned kind = type & PA_SUBSCRIPTION_EVENT_TYPE_MASK;
    if (index == music) {
        if (kind == PA_SUBSCRIPTION_EVENT_REMOVE) { fprintf(stderr, "observer: the music stream vanished\n"); api->quit(api, 1); return; }
        if (kind != PA_SUBSCRIPTION_EVENT_CHANGE) return;
        int64_t *stamp = malloc(sizeof *stamp);
        if (!stamp) return;
        *stamp = arrived;
        drop(pa_context_get_sink_input_info(c, index, on_music_info, stamp));
        return;
    }
    if (kind == PA_SUBSCRIPTION_EVENT_NEW && phase == WAITING && trigger == PA_INVALID_INDEX) {
        trigger = index;
        trigger_seen_ns = arrived;
    } else if (kind == PA_SUBSCRIPTION_EVENT_REMOVE && index == trigger) {
        trigger_gone = 1;
    }
}

static void on_listed(pa_context *c, const pa_sink_input_info *info, int eol, void *userdata) {
    (void)c; (void)userdata;
    if (eol < 0) { fail("listing sink inputs"); return; }
    if (eol) return;
    if (music == PA_INVALID_INDEX && is_music(info)) {
        music = info->index;
        baseline_mute = 0;
        baseline_volume = info->volume;
        music_at_baseline = !info->mute;
        if (info->mute) drop(pa_context_set_sink_input_mute(context, music, 0, NULL, NULL));
        enter(RESETTING);
    }
}

static void on_subscribed(pa_context *c, int success, void *userdata) {
    (void)userdata;
    if (!success) { fail("subscribe"); return; }
    drop(pa_context_get_sink_input_info_list(c, on_listed, NULL));
}

static void on_state(pa_context *c, void *userdata) {
    (void)userdata;
    switch (pa_context_get_state(c)) {
    case PA_CONTEXT_READY:
        pa_context_set_subscribe_callback(c, on_event, NULL);
        drop(pa_context_subscribe(c, PA_SUBSCRIPTION_MASK_SINK_INPUT, on_subscribed, NULL));
        break;
    case PA_CONTEXT_FAILED:
    case PA_CONTEXT_TERMINATED:
        if (!finishing) fail("connection");
        break;
    default:
        break;
    }
}

/* Every 5 ms: reap the trigger, enforce deadlines, move between phases. Events themselves are
 * stamped in on_event, never here, so this tick adds nothing to the measured times. */
static void on_tick(pa_mainloop_api *a, pa_time_event *e, const struct timeval *tv, void *userdata) {
    (void)tv; (void)userdata;
    if (child > 0 && waitpid(child, NULL, WNOHANG) == child) child = -1;
    int64_t in_phase_ms = (now_ns() - phase_started_ns) / 1000000;
    switch (phase) {
    case FINDING:
        if (in_phase_ms > 5000) { fprintf(stderr, "observer: no music stream (media.role=music)\n"); a->quit(a, 1); return; }
        if (in_phase_ms % 200 == 0) drop(pa_context_get_sink_input_info_list(context, on_listed, NULL));
        break;
    case WAITING:
        if (in_phase_ms > 3000) { printf("miss\n"); misses++; done_reps++; stop_trigger(); }
        break;
    case RESETTING:
        if (child < 0 && trigger_gone) {
            drop(pa_context_get_sink_input_info(context, music, on_music_info, NULL));
            if (music_at_baseline) enter(SETTLING);
            /* A contender that acted late (pipewire-pulse starts a stream after the observer has
             * reset) changed the music again: put it back again, twice a second, else this waits forever. */
            else if (in_phase_ms >= 500 && in_phase_ms % 500 < 5) put_music_back();
        } else if (in_phase_ms > 5000) {
            fprintf(stderr, "observer: the trigger did not go away\n"); a->quit(a, 1); return;
        }
        break;
    case SETTLING:
        if (!music_at_baseline) { enter(RESETTING); break; }
        if (in_phase_ms >= 50) {
            if (done_reps >= reps) { printf("done reps=%d misses=%d\n", done_reps, misses); fflush(stdout); a->quit(a, 0); return; }
            start_trigger();
        }
        break;
    }
    struct timeval next;
    a->time_restart(e, pa_timeval_add(pa_gettimeofday(&next), 5000));
}

int main(int argc, char **argv) {
    if (argc < 4 || strcmp(argv[2], "--") != 0 || (reps = atoi(argv[1])) <= 0) {
        fprintf(stderr, "usage: observer REPS -- TRIGGER-COMMAND...\n");
        return 2;
    }
    trigger_argv = argv + 3;
    loop = pa_mainloop_new();
    api = pa_mainloop_get_api(loop);
    context = pa_context_new(api, "bench-observer");
    pa_context_set_state_callback(context, on_state, NULL);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) { fail("connect"); return 1; }
    enter(FINDING);
    struct timeval first;
    api->time_new(api, pa_timeval_add(pa_gettimeofday(&first), 5000), on_tick, NULL);
    int result = 0;
    pa_mainloop_run(loop, &result);
    if (child > 0) { kill(child, SIGTERM); waitpid(child, NULL, 0); }
    finishing = 1;
    pa_context_disconnect(context);
    pa_context_unref(context);
    pa_mainloop_free(loop);
    return result;
}
