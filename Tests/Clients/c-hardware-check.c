/* libaudiosession's hardware calls against the real agent: a playback session prefers
 * argv[1] Hz and argv[2] seconds, prints what GetHardwareValues answers while inactive, while
 * active and after deactivating, and the secondary-audio hint. One "key=value ..." line each. */
#include <stdio.h>
#include <stdlib.h>

#include <audiosession/audiosession.h>

static int report(audiosession *session, const char *when)
{
    audiosession_hardware_values values = { .size = sizeof values };
    int result = audiosession_get_hardware_values(session, &values);
    if (result != AUDIOSESSION_OK) {
        fprintf(stderr, "%s: %s: %s\n", when, audiosession_strerror(result), audiosession_last_error(session));
        return result;
    }
    printf("%s rate=%u channels=%u frames=%u buffer=%.6f latency=%.6f preferred=%u applied=%d\n", when,
           values.output_sample_rate, values.output_channels, values.io_buffer_frames, values.io_buffer_duration,
           values.output_latency, values.preferred_sample_rate, values.preferences_applied);
    fflush(stdout);
    return AUDIOSESSION_OK;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: c-hardware-check SAMPLE-RATE IO-BUFFER-SECONDS\n");
        return 2;
    }
    audiosession *session = audiosession_new("org.example.HardwareCheck");
    int result = audiosession_connect(session);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_configuration(session, AUDIOSESSION_CATEGORY_PLAYBACK, AUDIOSESSION_MODE_DEFAULT, NULL, 0);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_preferred_hardware(session, (unsigned)strtoul(argv[1], NULL, 10), strtod(argv[2], NULL));
    if (result == AUDIOSESSION_OK)
        result = report(session, "inactive");
    if (result == AUDIOSESSION_OK)
        result = audiosession_activate(session);
    if (result == AUDIOSESSION_OK)
        result = report(session, "active");
    if (result == AUDIOSESSION_OK)
        result = audiosession_deactivate(session, 1);
    if (result == AUDIOSESSION_OK)
        result = report(session, "deactivated");
    int begun = -1;
    if (result == AUDIOSESSION_OK)
        result = audiosession_get_secondary_audio_hint(session, &begun);
    if (result == AUDIOSESSION_OK)
        printf("hint begun=%d\n", begun);
    if (result == AUDIOSESSION_OK)
        result = audiosession_set_preferred_hardware(session, 1, 0);
    printf("bad rate: %s: %s\n", audiosession_strerror(result), audiosession_last_error(session));
    audiosession_free(session);
    return result == AUDIOSESSION_ERROR_INVALID_ARGUMENT ? 0 : 1;
}
