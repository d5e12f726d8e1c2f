/* The observer of the reaction-latency benchmark on native PipeWire.
 *
 *   native-observer REPS -- TRIGGER-COMMAND...
 *
 * On native PipeWire the agent silences a stream by sending its node a Pause command and ducks it
 * by the node's Props volume: neither shows in pactl (no mute, no cork, no volume change), and a
 * paused node still reports "running" in its info. The one place both changes arrive is the
 * stream itself. So this observer plays the music (a pw_stream of silence, media.role=Music, as a
 * player would) and, on the same connection and main loop, watches the registry:
 *
 *   - the trigger's appearance: the registry's "global" event of a new node whose media.role is
 *     not Music (the trigger command's stream), stamped with CLOCK_MONOTONIC on arrival;
 *   - the music's change: its stream leaving the streaming state (the Pause command arriving) or
 *     a Props param arriving whose volume or mute differs from the start, stamped on arrival.
 *
 * Both stamps come from one socket read by one main loop, so they share a clock and a path, as
 * observer.c's do on PulseAudio. Prints "sample_us N" and "via pause" or "via props" per rep (or
 * "miss" after 3 s), stops the trigger, waits for it to vanish and for the music to stream again
 * at its own volume (the agent starts it and restores it when the call ends), lets the server
 * settle, and goes on. Built by scripts/bench with cc and pkg-config libpipewire-0.3. */
#include <pipewire/pipewire.h>
#include <spa/param/audio/format-utils.h>
#include <spa/param/props.h>
#include <spa/pod/parser.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum phase { STARTING, SETTLING, WAITING, RESETTING };

static struct pw_main_loop *loop;
static struct pw_context *context;
static struct pw_core *core;
static struct pw_registry *registry;
static struct spa_hook registry_listener;
static struct pw_stream *music;
static struct spa_hook music_listener;
static char **trigger_argv;
static int reps, done_reps, misses, result;
static enum phase phase = STARTING;
static pid_t child = -1;
static uint32_t trigger = SPA_ID_INVALID;
static int64_t trigger_seen_ns = -1;
static int64_t phase_started_ns;
static int sampled;
static int streaming;
static float volume = 1.0f, baseline_volume = -1.0f;
static int mute;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void enter(enum phase next) {
    phase = next;
    phase_started_ns = now_ns();
}

static void quit(int code) {
    result = code;
    pw_main_loop_quit(loop);
}

static int music_at_baseline(void) {
    return streaming && !mute && (baseline_volume < 0 || volume == baseline_volume);
}

/* Records one sample; `how` (pause, props) says which change arrived first. */
static void sample(int64_t arrived_ns, const char *how) {
    if (phase != WAITING || trigger_seen_ns < 0 || sampled) return;
    sampled = 1;
    printf("sample_us %.1f\nvia %s\n", (double)(arrived_ns - trigger_seen_ns) / 1000.0, how);
    done_reps++;
    if (child > 0) kill(child, SIGTERM);
    enter(RESETTING);
}

static void start_trigger(void) {
    trigger = SPA_ID_INVALID;
    trigger_seen_ns = -1;
    sampled = 0;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        execvp(trigger_argv[0], trigger_argv);
        _exit(127);
    }
    if (child < 0) { perror("native-observer: fork"); quit(1); return; }
    enter(WAITING);
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    (void)data; (void)permissions; (void)version;
    int64_t arrived = now_ns();
    if (phase != WAITING || trigger != SPA_ID_INVALID || strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || !props) return;
    const char *role = spa_dict_lookup(props, PW_KEY_MEDIA_ROLE);
    const char *class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    if (!role || strcasecmp(role, "Music") == 0 || !class || strncmp(class, "Stream/", 7) != 0) return;
    trigger = id;
    trigger_seen_ns = arrived;
}

static void on_global_remove(void *data, uint32_t id) {
    (void)data;
    if (id == trigger) trigger = SPA_ID_INVALID;
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    (void)data; (void)old;
    int64_t arrived = now_ns();
    if (state == PW_STREAM_STATE_ERROR) { fprintf(stderr, "native-observer: music stream: %s\n", error ? error : "error"); quit(1); return; }
    streaming = state == PW_STREAM_STATE_STREAMING;
    if (!streaming) sample(arrived, "pause");
}

/* Props set on the music's node by anyone arrive here: the duck (volume) or a mute. */
static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    (void)data;
    int64_t arrived = now_ns();
    if (id != SPA_PARAM_Props || !param) return;
    float new_volume = volume;
    bool new_mute = mute;
    if (spa_pod_parse_object(param, SPA_TYPE_OBJECT_Props, NULL,
                             SPA_PROP_volume, SPA_POD_OPT_Float(&new_volume),
                             SPA_PROP_mute, SPA_POD_OPT_Bool(&new_mute)) < 0) return;
    volume = new_volume;
    mute = new_mute;
    if (baseline_volume < 0) return;
    if (volume != baseline_volume || mute) sample(arrived, "props");
}

/* Silence, for as long as the stream runs: the agent acts on streams that sound (run), never on levels. */
static void on_process(void *data) {
    (void)data;
    struct pw_buffer *b = pw_stream_dequeue_buffer(music);
    if (!b) return;
    struct spa_data *d = &b->buffer->datas[0];
    if (d->data) {
        uint32_t frames = b->requested ? b->requested : d->maxsize / (2 * sizeof(float));
        if (frames * 2 * sizeof(float) > d->maxsize) frames = d->maxsize / (2 * sizeof(float));
        memset(d->data, 0, frames * 2 * sizeof(float));
        d->chunk->offset = 0;
        d->chunk->stride = 2 * sizeof(float);
        d->chunk->size = frames * 2 * sizeof(float);
    }
    pw_stream_queue_buffer(music, b);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
    .process = on_process,
};

/* Every 5 ms: reap the trigger, enforce deadlines, move between phases. Events themselves are
 * stamped where they arrive, never here, so this tick adds nothing to the measured times. */
static void on_tick(void *data, uint64_t expirations) {
    (void)data; (void)expirations;
    if (child > 0 && waitpid(child, NULL, WNOHANG) == child) child = -1;
    int64_t in_phase_ms = (now_ns() - phase_started_ns) / 1000000;
    switch (phase) {
    case STARTING:
        if (streaming) { baseline_volume = volume; enter(SETTLING); }
        else if (in_phase_ms > 10000) { fprintf(stderr, "native-observer: the music never started streaming\n"); quit(1); }
        break;
    case WAITING:
        if (in_phase_ms > 3000) {
            printf("miss\n"); misses++; done_reps++;
            if (child > 0) kill(child, SIGTERM);
            enter(RESETTING);
        }
        break;
    case RESETTING:
        if (child < 0 && trigger == SPA_ID_INVALID) {
            if (music_at_baseline()) enter(SETTLING);
            else if (in_phase_ms > 10000) { fprintf(stderr, "native-observer: the music was not resumed or restored\n"); quit(1); }
        } else if (in_phase_ms > 5000) {
            fprintf(stderr, "native-observer: the trigger did not go away\n"); quit(1);
        }
        break;
    case SETTLING:
        if (!music_at_baseline()) { enter(RESETTING); break; }
        if (in_phase_ms >= 50) {
            if (done_reps >= reps) { printf("done reps=%d misses=%d\n", done_reps, misses); fflush(stdout); quit(0); return; }
            start_trigger();
        }
        break;
    }
}

int main(int argc, char **argv) {
    if (argc < 4 || strcmp(argv[2], "--") != 0 || (reps = atoi(argv[1])) <= 0) {
        fprintf(stderr, "usage: native-observer REPS -- TRIGGER-COMMAND...\n");
        return 2;
    }
    trigger_argv = argv + 3;
    pw_init(&argc, &argv);
    loop = pw_main_loop_new(NULL);
    context = pw_context_new(pw_main_loop_get_loop(loop), NULL, 0);
    core = context ? pw_context_connect(context, NULL, 0) : NULL;
    if (!core) { fprintf(stderr, "native-observer: cannot connect to PipeWire: %s\n", strerror(errno)); return 1; }
    registry = pw_core_get_registry(core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(registry, &registry_listener, &registry_events, NULL);

    music = pw_stream_new(core, "bench-music",
                          pw_properties_new(PW_KEY_MEDIA_TYPE, "Audio", PW_KEY_MEDIA_CATEGORY, "Playback",
                                            PW_KEY_MEDIA_ROLE, "Music", PW_KEY_APP_NAME, "bench-music", NULL));
    pw_stream_add_listener(music, &music_listener, &stream_events, NULL);
    uint8_t buffer[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[1];
    params[0] = spa_format_audio_raw_build(&builder, SPA_PARAM_EnumFormat,
                                           &SPA_AUDIO_INFO_RAW_INIT(.format = SPA_AUDIO_FORMAT_F32, .channels = 2, .rate = 48000));
    if (pw_stream_connect(music, PW_DIRECTION_OUTPUT, PW_ID_ANY,
                          PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS, params, 1) < 0) {
        fprintf(stderr, "native-observer: cannot connect the music stream\n");
        return 1;
    }

    struct spa_source *tick = pw_loop_add_timer(pw_main_loop_get_loop(loop), on_tick, NULL);
    struct timespec interval = { 0, 5 * 1000000 };
    pw_loop_update_timer(pw_main_loop_get_loop(loop), tick, &interval, &interval, false);
    enter(STARTING);
    pw_main_loop_run(loop);

    if (child > 0) { kill(child, SIGTERM); waitpid(child, NULL, 0); }
    pw_stream_destroy(music);
    pw_proxy_destroy((struct pw_proxy *)registry);
    pw_core_disconnect(core);
    pw_context_destroy(context);
    pw_main_loop_destroy(loop);
    pw_deinit();
    return result;
}
