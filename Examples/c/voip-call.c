/* A VoIP-style call with libaudiosession: registers as play-and-record / voice-chat, becomes
 * active (interrupting music), waits in its own poll() loop, pauses when another call (a legacy
 * phone stream, a second call app) interrupts it, resumes when that ends with should-resume,
 * then hangs up with notify-others so the music it interrupted may resume.
 *
 *     cc voip-call.c -o voip-call $(pkg-config --cflags --libs audiosession)
 *     ./voip-call [--seconds N]      # gives up (exit 3) when no interruption comes within N s
 *
 * Each step prints one line ("call active", "interrupted: default", ...). It also lists the
 * available inputs and prefers the first, as an input picker would. */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <audiosession/audiosession.h>

struct call {
    int finished;
    int exit_status;
};

static void print_ports(const char *label, const audiosession_port *ports, size_t count)
{
    printf("%s:", label);
    for (size_t i = 0; i < count; i++)
        printf(" %s (%s, %u channels)", ports[i].uid, ports[i].type, ports[i].channels);
    printf("%s\n", count ? "" : " none");
}

static void print_route(audiosession *session)
{
    audiosession_route *route = NULL;
    if (audiosession_get_current_route(session, &route) != AUDIOSESSION_OK) {
        printf("route unknown: %s\n", audiosession_last_error(session));
        return;
    }
    printf("route:\n");
    print_ports("  outputs", route->outputs, route->output_count);
    print_ports("  inputs", route->inputs, route->input_count);
    audiosession_route_free(route);
}

/* Lists the microphones and prefers the first, as a call app's input picker would. */
static void pick_input(audiosession *session)
{
    audiosession_route *available = NULL;
    if (audiosession_get_available_inputs(session, &available) != AUDIOSESSION_OK) {
        printf("inputs unknown: %s\n", audiosession_last_error(session));
        return;
    }
    print_ports("available inputs", available->inputs, available->input_count);
    if (available->input_count > 0) {
        const char *uid = available->inputs[0].uid;
        if (audiosession_set_preferred_input(session, uid) == AUDIOSESSION_OK)
            printf("preferred input: %s\n", uid);
        else
            printf("could not prefer %s: %s\n", uid, audiosession_last_error(session));
    }
    audiosession_route_free(available);
}

static void hang_up(audiosession *session, struct call *call)
{
    if (audiosession_deactivate(session, 1) == AUDIOSESSION_OK) {
        printf("call ended: deactivated, others notified\n");
    } else {
        printf("could not deactivate: %s\n", audiosession_last_error(session));
        call->exit_status = 1;
    }
    call->finished = 1;
}

static void on_event(audiosession *session, const audiosession_event *event, void *user_data)
{
    struct call *call = user_data;
    switch (event->type) {
    case AUDIOSESSION_EVENT_INTERRUPTION_BEGAN:
        printf("interrupted: %s (the call is on hold)\n", event->reason);
        break;
    case AUDIOSESSION_EVENT_INTERRUPTION_ENDED:
        printf("interruption ended: should-resume=%s\n", event->should_resume ? "yes" : "no");
        if (!event->should_resume) {
            hang_up(session, call);
            break;
        }
        if (audiosession_activate(session) == AUDIOSESSION_OK) {
            printf("resumed: the call is active again\n");
        } else {
            printf("could not resume: %s\n", audiosession_last_error(session));
            call->exit_status = 1;
        }
        hang_up(session, call);
        break;
    case AUDIOSESSION_EVENT_ROUTE_CHANGED:
        printf("route changed: %s\n", event->reason);
        print_route(session);
        break;
    case AUDIOSESSION_EVENT_MEDIA_SERVICES_LOST:
        printf("media services lost: %s\n", event->reason);
        break;
    case AUDIOSESSION_EVENT_MEDIA_SERVICES_RESET:
        /* After an agent restart the library registered again and kept the stream token. */
        printf("media services reset: %s (token %s)\n", event->reason, audiosession_stream_token(session));
        break;
    case AUDIOSESSION_EVENT_SECONDARY_AUDIO_HINT:
        printf("secondary audio hint: %s\n", event->reason);
        break;
    default:
        printf("event %d: %s\n", (int)event->type, event->reason);  /* from a newer library */
        break;
    }
    fflush(stdout);
}

static int seconds_argument(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0)
            return atoi(argv[i + 1]);
    }
    return 60;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int seconds = seconds_argument(argc, argv);
    audiosession *session = audiosession_new("org.audiosession.examples.VoipCall");
    if (!session)
        return 1;
    struct call call = { 0, 0 };
    audiosession_set_event_callback(session, on_event, &call);
    const char *options[] = { AUDIOSESSION_OPTION_ALLOW_BLUETOOTH_HFP };
    if (audiosession_connect(session) != AUDIOSESSION_OK
        || audiosession_set_configuration(session, AUDIOSESSION_CATEGORY_PLAY_AND_RECORD, AUDIOSESSION_MODE_VOICE_CHAT,
                                          options, 1) != AUDIOSESSION_OK
        || audiosession_activate(session) != AUDIOSESSION_OK) {
        fprintf(stderr, "voip-call: %s\n", audiosession_last_error(session));
        audiosession_free(session);
        return 1;
    }
    print_route(session);
    pick_input(session);
    /* Said last: from here on the call only waits for events (a test may stop the agent once it
     * reads this line; a query still under way would then fail). */
    printf("call active (tag streams with %s=%s)\n", AUDIOSESSION_STREAM_PROPERTY_TOKEN,
           audiosession_stream_token(session));

    time_t deadline = time(NULL) + seconds;
    struct pollfd watched = { .fd = audiosession_get_fd(session), .events = POLLIN };
    while (!call.finished && time(NULL) < deadline) {
        if (poll(&watched, 1, 1000) > 0 && audiosession_dispatch(session) != AUDIOSESSION_OK) {
            fprintf(stderr, "voip-call: %s\n", audiosession_last_error(session));
            call.exit_status = 1;
            break;
        }
    }
    if (!call.finished && call.exit_status == 0) {
        printf("no interruption within %d s\n", seconds);
        call.exit_status = 3;
    }
    audiosession_free(session);
    return call.exit_status;
}
