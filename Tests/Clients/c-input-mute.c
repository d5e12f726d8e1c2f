/* libaudiosession's input mute against the real agent: a record session mutes its input and
 * prints its stream token and client nonce (for a recorder the test starts as the session's
 * stream), then at each SIGUSR1 unmutes, mutes again, and frees the session. One line per step. */
#include <signal.h>
#include <stdio.h>

#include <audiosession/audiosession.h>

static volatile sig_atomic_t steps;
static void on_usr1(int signal) { (void)signal; steps++; }

static void wait_for_step(int step, const sigset_t *previous)
{
    while (steps < step)
        sigsuspend(previous);
}

int main(void)
{
    sigset_t blocked, previous;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGUSR1);
    sigprocmask(SIG_BLOCK, &blocked, &previous);
    signal(SIGUSR1, on_usr1);

    audiosession *memo = audiosession_new("org.example.InputMute");
    int result = audiosession_connect(memo);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_configuration(memo, AUDIOSESSION_CATEGORY_RECORD, AUDIOSESSION_MODE_DEFAULT, NULL, 0);
    if (result == AUDIOSESSION_OK)
        printf("before=%d\n", audiosession_is_input_muted(memo));
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_input_muted(memo, 1);
    if (result != AUDIOSESSION_OK) {
        fprintf(stderr, "%s: %s\n", audiosession_strerror(result), audiosession_last_error(memo));
        audiosession_free(memo);
        return 1;
    }
    printf("token=%s\nnonce=%s\nmuted=%d\n", audiosession_stream_token(memo), audiosession_client_nonce(memo),
           audiosession_is_input_muted(memo));
    fflush(stdout);

    wait_for_step(1, &previous);
    result = audiosession_set_input_muted(memo, 0);
    printf("unmuted=%d result=%d\n", !audiosession_is_input_muted(memo), result);
    fflush(stdout);

    wait_for_step(2, &previous);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_input_muted(memo, 1);
    printf("muted-again=%d result=%d\n", audiosession_is_input_muted(memo), result);
    fflush(stdout);

    wait_for_step(3, &previous);
    audiosession_free(memo);
    printf("freed\n");
    return result == AUDIOSESSION_OK ? 0 : 1;
}
