/* libaudiosession's echo-cancellation choice against the real agent: a play-and-record session in
 * the default mode (no canceller of its own) asks whether one is available, asks for one and
 * activates; prints "active" and waits for SIGUSR1, then deactivates. A playback session's request
 * is refused with a message. One "key=value" line each. */
#include <signal.h>
#include <stdio.h>

#include <audiosession/audiosession.h>

static volatile sig_atomic_t done;
static void on_usr1(int signal) { (void)signal; done = 1; }

int main(void)
{
    sigset_t blocked, previous;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGUSR1);
    sigprocmask(SIG_BLOCK, &blocked, &previous);
    signal(SIGUSR1, on_usr1);

    audiosession *call = audiosession_new("org.example.EchoRequest");
    int result = audiosession_connect(call);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_configuration(call, AUDIOSESSION_CATEGORY_PLAY_AND_RECORD, AUDIOSESSION_MODE_DEFAULT, NULL, 0);
    int available = -1;
    if (result == AUDIOSESSION_OK)
        result = audiosession_is_echo_cancelled_input_available(call, &available);
    if (result == AUDIOSESSION_OK)
        printf("available=%d\n", available);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_prefers_echo_cancelled_input(call, 1);
    if (result == AUDIOSESSION_OK)
        result = audiosession_activate(call);
    if (result != AUDIOSESSION_OK) {
        fprintf(stderr, "%s: %s\n", audiosession_strerror(result), audiosession_last_error(call));
        audiosession_free(call);
        return 1;
    }
    printf("active\n");
    fflush(stdout);
    while (!done)
        sigsuspend(&previous);
    result = audiosession_deactivate(call, 1);
    audiosession_free(call);

    audiosession *player = audiosession_new("org.example.EchoRequestPlayer");
    int refused = audiosession_connect(player);
    if (refused == AUDIOSESSION_OK)
        refused = audiosession_set_configuration(player, AUDIOSESSION_CATEGORY_PLAYBACK, AUDIOSESSION_MODE_DEFAULT, NULL, 0);
    if (refused == AUDIOSESSION_OK)
        refused = audiosession_set_prefers_echo_cancelled_input(player, 1);
    printf("playback: %s: %s\n", audiosession_strerror(refused), audiosession_last_error(player));
    audiosession_free(player);
    return result == AUDIOSESSION_OK && refused == AUDIOSESSION_ERROR_INVALID_CONFIGURATION ? 0 : 1;
}
