/* The library's error paths, as an app meets them: `check-errors no-bus` with an unreachable
 * bus, `check-errors no-agent` on a bus where the agent is neither running nor installed. Each
 * prints what it checked and exits non-zero on the first surprise. */
#include <dbus/dbus.h>
#include <stdio.h>
#include <string.h>

#include "audiosession/audiosession.h"

static int failures;

static void expect(int condition, const char *what, const audiosession *session)
{
    printf("%s: %s\n", condition ? "ok" : "FAILED", what);
    if (!condition) {
        fprintf(stderr, "  last error: %s\n", audiosession_last_error(session));
        failures++;
    }
}

static int contains(const char *text, const char *part)
{
    return strstr(text, part) != NULL;
}

static void check_without_connection(void)
{
    audiosession *session = audiosession_new("org.example.Check");
    expect(session != NULL, "a handle is made", session);
    expect(audiosession_activate(session) == AUDIOSESSION_ERROR_NOT_CONNECTED, "activate before connect is refused",
           session);
    expect(contains(audiosession_last_error(session), "audiosession_connect"), "the message says to connect first",
           session);
    expect(audiosession_get_fd(session) == -1, "no descriptor before connect", session);
    expect(audiosession_set_configuration(session, NULL, "default", NULL, 0) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "a NULL category is refused", session);
    expect(contains(audiosession_last_error(session), "mode \"default\" for none"),
           "the message says what is expected", session);
    expect(strcmp(audiosession_strerror(12345), "unknown result code") == 0, "an unknown code has a description",
           session);
    expect(audiosession_set_configuration(session, "play\xff", "default", NULL, 0) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "a category that is not UTF-8 is refused", session);
    expect(contains(audiosession_last_error(session), "the category is not valid UTF-8"), "the message says which text",
           session);
    expect(audiosession_set_preferred_hardware(session, 7, 0) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "a sample rate out of range is refused", session);
    expect(contains(audiosession_last_error(session), "sample rate 7 is out of range; give 8000 to 384000"),
           "the message gives the range", session);
    expect(audiosession_set_preferred_hardware(session, 0, 0.0 / 0.0) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "a duration that is not a number is refused", session);
    expect(contains(audiosession_last_error(session), "give 0.0005 to 2 seconds"), "the message gives the range", session);
    expect(audiosession_set_preferred_hardware(session, 44100, 0.01) == AUDIOSESSION_ERROR_NOT_CONNECTED,
           "valid preferences before connect are refused as not connected", session);
    expect(audiosession_get_hardware_values(session, NULL) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "hardware values into NULL are refused", session);
    audiosession_hardware_values unsized = { 0 };
    expect(audiosession_get_hardware_values(session, &unsized) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "hardware values without their size are refused", session);
    expect(contains(audiosession_last_error(session), "sizeof(audiosession_hardware_values)"), "the message says what to set",
           session);
    int begun = -1;
    expect(audiosession_get_secondary_audio_hint(session, NULL) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "the hint into NULL is refused", session);
    expect(audiosession_get_secondary_audio_hint(session, &begun) == AUDIOSESSION_ERROR_NOT_CONNECTED && begun == -1,
           "the hint before connect is refused as not connected", session);
    audiosession_free(session);
    audiosession_free(NULL);
}

static void check_bad_application_id(void)
{
    audiosession *session = audiosession_new("org.example.\xc3");
    expect(audiosession_connect(session) == AUDIOSESSION_ERROR_INVALID_ARGUMENT,
           "an application id that is not UTF-8 is refused before connecting", session);
    expect(audiosession_get_fd(session) == -1, "and no connection is made", session);
    audiosession_free(session);
}

static void check_no_bus(void)
{
    audiosession *session = audiosession_new("org.example.Check");
    int result = audiosession_connect(session);
    printf("connect: %d %s: %s\n", result, audiosession_strerror(result), audiosession_last_error(session));
    expect(result == AUDIOSESSION_ERROR_NO_BUS, "connect without a bus fails with AUDIOSESSION_ERROR_NO_BUS", session);
    expect(contains(audiosession_last_error(session), "cannot connect to the session bus"),
           "the message says the bus is unreachable", session);
    audiosession_free(session);
}

static void check_no_agent(void)
{
    audiosession *session = audiosession_new("org.example.Check");
    int result = audiosession_connect(session);
    printf("connect: %d %s: %s\n", result, audiosession_strerror(result), audiosession_last_error(session));
    expect(result == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING,
           "connect without the agent fails with AUDIOSESSION_ERROR_AGENT_NOT_RUNNING", session);
    expect(contains(audiosession_last_error(session), "audiosessiond is not running and no D-Bus service file starts it"),
           "the message says the agent is neither running nor installed", session);
    expect(contains(audiosession_last_error(session), "org.freedesktop.DBus.Error.ServiceUnknown"),
           "the message carries the bus daemon's error", session);
    expect(audiosession_get_fd(session) >= 0, "the handle keeps a descriptor, to hear the agent arrive", session);
    expect(audiosession_activate(session) == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING,
           "activate without the agent fails with AUDIOSESSION_ERROR_AGENT_NOT_RUNNING", session);
    const char *options[] = { AUDIOSESSION_OPTION_DUCK_OTHERS };
    expect(audiosession_set_configuration(session, AUDIOSESSION_CATEGORY_PLAYBACK, AUDIOSESSION_MODE_DEFAULT, options,
                                          1) == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING,
           "configure without the agent fails with AUDIOSESSION_ERROR_AGENT_NOT_RUNNING (and is kept)", session);
    expect(audiosession_set_preferred_hardware(session, 44100, 0.01) == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING,
           "hardware preferences without the agent fail with AUDIOSESSION_ERROR_AGENT_NOT_RUNNING (and are kept)", session);
    audiosession_hardware_values values = { .size = sizeof values };
    expect(audiosession_get_hardware_values(session, &values) == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING
               && values.output_sample_rate == 0 && values.io_buffer_duration == -1,
           "hardware values without the agent fail and read as unknown", session);
    expect(audiosession_dispatch(session) == AUDIOSESSION_OK, "dispatch with nothing waiting succeeds", session);
    expect(strcmp(audiosession_stream_token(session), "") == 0, "no token without a registration", session);
    audiosession_free(session);
}

int main(int argc, char **argv)
{
    const char *scenario = argc > 1 ? argv[1] : "";
    check_without_connection();
    check_bad_application_id();
    if (strcmp(scenario, "no-bus") == 0)
        check_no_bus();
    else if (strcmp(scenario, "no-agent") == 0)
        check_no_agent();
    else {
        fprintf(stderr, "usage: check-errors no-bus|no-agent\n");
        return 2;
    }
    dbus_shutdown();  /* libdbus' own caches, so a leak checker sees only the library's */
    printf("%s: %d failure(s)\n", scenario, failures);
    return failures ? 1 : 0;
}
