/* The minimal reactor: the floor for any policy client outside the sound server.
 *
 * It subscribes to sink-input events; on a new sink input it asks for that one stream's info,
 * and if its media.role is a call (phone, or Communication through pipewire-pulse) it mutes every
 * stream it already knew. Nothing else: no graph mirror, no policy, no journal. Prints "ready"
 * once subscribed and primed, so the bench starts measuring only then.
 *
 *   reactor                 act on a call stream as soon as it appears
 *   reactor --when-sounding act on it once it runs (is not corked), as the agent does: a call
 *                           that does not sound yet interrupts nobody
 *
 * Built by scripts/bench with cc and pkg-config libpulse; runs until SIGTERM. */
#include <pulse/pulseaudio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KNOWN 4096

static uint32_t known[MAX_KNOWN];
static size_t known_count;
static pa_mainloop *loop;
static int when_sounding;

static void remember(uint32_t index) {
    for (size_t i = 0; i < known_count; i++)
        if (known[i] == index) return;
    if (known_count < MAX_KNOWN) known[known_count++] = index;
}

static int is_known(uint32_t index) {
    for (size_t i = 0; i < known_count; i++)
        if (known[i] == index) return 1;
    return 0;
}

static void forget(uint32_t index) {
    for (size_t i = 0; i < known_count; i++)
        if (known[i] == index) { known[i] = known[--known_count]; return; }
}

static int is_call_role(const char *role) {
    return role && (strcmp(role, "phone") == 0 || strcmp(role, "Communication") == 0);
}

static void on_new_stream_info(pa_context *c, const pa_sink_input_info *info, int eol, void *userdata) {
    (void)userdata;
    if (eol || !info) return;
    /* Not remembered yet: its next change event asks again, until it runs. */
    if (when_sounding && info->corked) return;
    if (is_call_role(pa_proplist_gets(info->proplist, PA_PROP_MEDIA_ROLE))) {
        for (size_t i = 0; i < known_count; i++) {
            if (known[i] == info->index) continue;
            pa_operation *op = pa_context_set_sink_input_mute(c, known[i], 1, NULL, NULL);
            if (op) pa_operation_unref(op);
        }
    }
    remember(info->index);
}

static void on_event(pa_context *c, pa_subscription_event_type_t type, uint32_t index, void *userdata) {
    (void)userdata;
    if ((type & PA_SUBSCRIPTION_EVENT_FACILITY_MASK) != PA_SUBSCRIPTION_EVENT_SINK_INPUT) return;
    switch (type & PA_SUBSCRIPTION_EVENT_TYPE_MASK) {
    case PA_SUBSCRIPTION_EVENT_NEW: {
        pa_operation *op = pa_context_get_sink_input_info(c, index, on_new_stream_info, NULL);
        if (op) pa_operation_unref(op);
        break;
    }
    case PA_SUBSCRIPTION_EVENT_CHANGE:
        if (when_sounding && !is_known(index)) {
            pa_operation *op = pa_context_get_sink_input_info(c, index, on_new_stream_info, NULL);
            if (op) pa_operation_unref(op);
        }
        break;
    case PA_SUBSCRIPTION_EVENT_REMOVE:
        forget(index);
        break;
    default:
        break;
    }
}

static void on_listed(pa_context *c, const pa_sink_input_info *info, int eol, void *userdata) {
    (void)c; (void)userdata;
    if (eol < 0) { fprintf(stderr, "reactor: listing sink inputs failed\n"); pa_mainloop_quit(loop, 1); return; }
    if (eol) { printf("ready\n"); fflush(stdout); return; }
    remember(info->index);
}

static void on_subscribed(pa_context *c, int success, void *userdata) {
    (void)userdata;
    if (!success) { fprintf(stderr, "reactor: subscribe failed\n"); pa_mainloop_quit(loop, 1); return; }
    pa_operation *op = pa_context_get_sink_input_info_list(c, on_listed, NULL);
    if (op) pa_operation_unref(op);
}

static void on_state(pa_context *c, void *userdata) {
    (void)userdata;
    switch (pa_context_get_state(c)) {
    case PA_CONTEXT_READY: {
        pa_context_set_subscribe_callback(c, on_event, NULL);
        pa_operation *op = pa_context_subscribe(c, PA_SUBSCRIPTION_MASK_SINK_INPUT, on_subscribed, NULL);
        if (op) pa_operation_unref(op);
        break;
    }
    case PA_CONTEXT_FAILED:
    case PA_CONTEXT_TERMINATED:
        pa_mainloop_quit(loop, 1);
        break;
    default:
        break;
    }
}

static void on_signal(pa_mainloop_api *api, pa_signal_event *e, int sig, void *userdata) {
    (void)e; (void)sig; (void)userdata;
    api->quit(api, 0);
}

int main(int argc, char **argv) {
    when_sounding = argc > 1 && strcmp(argv[1], "--when-sounding") == 0;
    loop = pa_mainloop_new();
    pa_mainloop_api *api = pa_mainloop_get_api(loop);
    pa_signal_init(api);
    pa_signal_new(SIGTERM, on_signal, NULL);
    pa_signal_new(SIGINT, on_signal, NULL);
    pa_context *context = pa_context_new(api, "bench-reactor");
    pa_context_set_state_callback(context, on_state, NULL);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) {
        fprintf(stderr, "reactor: %s\n", pa_strerror(pa_context_errno(context)));
        return 1;
    }
    int result = 0;
    pa_mainloop_run(loop, &result);
    pa_context_disconnect(context);
    pa_context_unref(context);
    pa_signal_done();
    pa_mainloop_free(loop);
    return result;
}
