/* libaudiosession's session preferences against the real agent: a playback session asks to be
 * interrupted when a device of its route goes away, reads the choice back, is refused a name the
 * library does not know, activates and prints "active"; then prints each event as a line
 * ("began REASON", "route REASON", "ended resume=N") until an interruption ends, and exits 0. */
#include <poll.h>
#include <stdio.h>

#include <audiosession/audiosession.h>

static int ended;

static void on_event(audiosession *session, const audiosession_event *event, void *user_data)
{
    (void)session;
    (void)user_data;
    switch (event->type) {
    case AUDIOSESSION_EVENT_INTERRUPTION_BEGAN: printf("began %s\n", event->reason); break;
    case AUDIOSESSION_EVENT_ROUTE_CHANGED: printf("route %s\n", event->reason); break;
    case AUDIOSESSION_EVENT_INTERRUPTION_ENDED:
        printf("ended resume=%d\n", event->should_resume);
        ended = 1;
        break;
    default: break;
    }
    fflush(stdout);
}

int main(void)
{
    const char *preference = AUDIOSESSION_PREFERENCE_INTERRUPTION_ON_ROUTE_DISCONNECT;
    audiosession *music = audiosession_new("org.example.SessionPreference");
    int result = audiosession_connect(music);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_configuration(music, AUDIOSESSION_CATEGORY_PLAYBACK, AUDIOSESSION_MODE_DEFAULT, NULL, 0);
    if (result == AUDIOSESSION_OK) {
        printf("before=%d\n", audiosession_get_session_preference(music, preference));
        result = audiosession_set_session_preference(music, preference, 1);
    }
    int unknown = AUDIOSESSION_OK;
    if (result == AUDIOSESSION_OK) {
        unknown = audiosession_set_session_preference(music, "interrupt-me-always", 1);
        printf("unknown: %s: %s\n", audiosession_strerror(unknown), audiosession_last_error(music));
        printf("after=%d\n", audiosession_get_session_preference(music, preference));
        result = audiosession_activate(music);
    }
    if (result != AUDIOSESSION_OK) {
        fprintf(stderr, "%s: %s\n", audiosession_strerror(result), audiosession_last_error(music));
        audiosession_free(music);
        return 1;
    }
    audiosession_set_event_callback(music, on_event, NULL);
    printf("active\n");
    fflush(stdout);

    struct pollfd events = { .fd = audiosession_get_fd(music), .events = POLLIN };
    while (!ended) {
        if (poll(&events, 1, 60000) <= 0) {
            fprintf(stderr, "no event for 60 s\n");
            break;
        }
        if (audiosession_dispatch(music) != AUDIOSESSION_OK)
            break;
    }
    audiosession_free(music);
    return ended && unknown == AUDIOSESSION_ERROR_INVALID_ARGUMENT ? 0 : 1;
}
