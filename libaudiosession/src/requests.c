/* The per-session calls an app makes: configuration, activation, state, route, input and output. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define REQUIRE(condition, session, what)                                                                        \
    do {                                                                                                         \
        if (!(session))                                                                                          \
            return AUDIOSESSION_ERROR_INVALID_ARGUMENT;                                                          \
        if (!(condition))                                                                                        \
            return fail((session), AUDIOSESSION_ERROR_INVALID_ARGUMENT, "%s", (what));                          \
    } while (0)

static int append_strings(DBusMessageIter *iter, const void *context)
{
    const char *const *values = context;
    for (; *values; values++) {
        if (!dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, values))
            return 0;
    }
    return 1;
}

static int append_configuration(DBusMessageIter *iter, const void *context)
{
    const struct configuration *configuration = context;
    DBusMessageIter options;
    const char *names[] = { configuration->category, configuration->mode, NULL };
    if (!append_strings(iter, names) || !dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, "s", &options))
        return 0;
    for (size_t i = 0; i < configuration->option_count; i++) {
        if (!dbus_message_iter_append_basic(&options, DBUS_TYPE_STRING, &configuration->options[i])) {
            dbus_message_iter_abandon_container(iter, &options);
            return 0;
        }
    }
    return dbus_message_iter_close_container(iter, &options);
}

static int copy_configuration(struct configuration *copy, const char *category, const char *mode,
                              const char *const *options, size_t option_count)
{
    *copy = (struct configuration){ .category = copy_string(category), .mode = copy_string(mode),
                                    .options = calloc(option_count ? option_count : 1, sizeof(char *)),
                                    .option_count = option_count };
    int ok = copy->category && copy->mode && copy->options;
    for (size_t i = 0; ok && i < option_count; i++)
        ok = (copy->options[i] = copy_string(options[i])) != NULL;
    return ok;
}

PUBLIC int audiosession_set_configuration(audiosession *session, const char *category, const char *mode,
                                          const char *const *options, size_t option_count)
{
    REQUIRE(category && mode && (options || option_count == 0), session,
            "audiosession_set_configuration: category and mode are needed (mode \"default\" for none), "
            "and options when option_count is not 0");
    for (size_t i = 0; i < option_count; i++)
        REQUIRE(options[i], session, "audiosession_set_configuration: an option is NULL");
    int checked = check_text(session, "audiosession_set_configuration: the category", category);
    if (checked == AUDIOSESSION_OK)
        checked = check_text(session, "audiosession_set_configuration: the mode", mode);
    for (size_t i = 0; checked == AUDIOSESSION_OK && i < option_count; i++)
        checked = check_text(session, "audiosession_set_configuration: an option", options[i]);
    if (checked != AUDIOSESSION_OK)
        return checked;
    /* Copied first: after an agent restart the kept configuration itself is sent again. */
    struct configuration configuration;
    if (!copy_configuration(&configuration, category, mode, options, option_count)) {
        free_configuration(&configuration);
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "SetConfiguration: out of memory");
    }
    int result = call_session_method(session, "SetConfiguration", append_configuration, &configuration, NULL);
    /* Without an agent the configuration waits for one; a refused one is not kept. */
    if (result == AUDIOSESSION_OK || result == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING)
        replace_configuration(session, &configuration);
    else
        free_configuration(&configuration);
    return result;
}

PUBLIC int audiosession_activate(audiosession *session)
{
    REQUIRE(1, session, "");
    int result = call_session_method(session, "Activate", NULL, NULL, NULL);
    if (result == AUDIOSESSION_OK)
        session->is_active = 1;
    return result;
}

int append_boolean(DBusMessageIter *iter, const void *context)
{
    dbus_bool_t value = *(const int *)context ? TRUE : FALSE;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_BOOLEAN, &value);
}

PUBLIC int audiosession_deactivate(audiosession *session, int notify_others)
{
    REQUIRE(1, session, "");
    session->is_active = 0;
    return call_session_method(session, "Deactivate", append_boolean, &notify_others, NULL);
}

PUBLIC int audiosession_get_state(audiosession *session, const char **activity, int *other_audio_playing)
{
    REQUIRE(1, session, "");
    DBusMessage *reply = NULL;
    int result = call_session_method(session, "GetState", NULL, NULL, &reply);
    if (result != AUDIOSESSION_OK)
        return result;
    DBusMessageIter iter;
    const char *value = NULL;
    dbus_bool_t playing = FALSE;
    /* (s activity, s category, s mode, as options, b other_audio_playing): the first and the last. */
    int ok = dbus_message_iter_init(reply, &iter) && dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_STRING;
    if (ok)
        dbus_message_iter_get_basic(&iter, &value);
    for (int skip = 0; ok && skip < 4; skip++)
        ok = dbus_message_iter_next(&iter);
    ok = ok && dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_BOOLEAN;
    if (ok)
        dbus_message_iter_get_basic(&iter, &playing);
    char *kept = ok ? copy_string(value) : NULL;
    dbus_message_unref(reply);
    if (!ok)
        return fail(session, AUDIOSESSION_ERROR_BAD_REPLY,
                    "GetState: the agent's reply is not (s activity, s category, s mode, as options, b other_audio_playing)");
    if (!kept)
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "GetState: out of memory");
    replace_string(&session->last_activity, kept);
    if (activity)
        *activity = kept;
    if (other_audio_playing)
        *other_audio_playing = playing ? 1 : 0;
    return AUDIOSESSION_OK;
}

PUBLIC int audiosession_get_current_route(audiosession *session, audiosession_route **route)
{
    REQUIRE(route, session, "audiosession_get_current_route: route is NULL");
    *route = NULL;
    DBusMessage *reply = NULL;
    int result = call_session_method(session, "GetCurrentRoute", NULL, NULL, &reply);
    if (result != AUDIOSESSION_OK)
        return result;
    DBusMessageIter iter;
    if (dbus_message_iter_init(reply, &iter))
        *route = read_route(&iter);
    dbus_message_unref(reply);
    if (!*route)
        return fail(session, AUDIOSESSION_ERROR_BAD_REPLY,
                    "GetCurrentRoute: the agent's reply is not a route (a(sssu)a(sssu)), or memory ran out");
    return AUDIOSESSION_OK;
}

PUBLIC int audiosession_get_available_inputs(audiosession *session, audiosession_route **available)
{
    REQUIRE(available, session, "audiosession_get_available_inputs: available is NULL");
    *available = NULL;
    DBusMessage *reply = NULL;
    int result = call_session_method(session, "GetAvailableInputs", NULL, NULL, &reply);
    if (result != AUDIOSESSION_OK)
        return result;
    DBusMessageIter iter;
    if (dbus_message_iter_init(reply, &iter))
        *available = read_inputs(&iter);
    dbus_message_unref(reply);
    if (!*available)
        return fail(session, AUDIOSESSION_ERROR_BAD_REPLY,
                    "GetAvailableInputs: the agent's reply is not a list of ports a(sssu), or memory ran out");
    return AUDIOSESSION_OK;
}

static int append_string(DBusMessageIter *iter, const void *context)
{
    const char *value = context;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &value);
}

PUBLIC int audiosession_set_preferred_input(audiosession *session, const char *uid)
{
    REQUIRE(1, session, "");
    const char *value = uid ? uid : "";
    int checked = check_text(session, "audiosession_set_preferred_input: the uid", value);
    if (checked != AUDIOSESSION_OK)
        return checked;
    char *kept = *value ? copy_string(value) : NULL;
    if (*value && !kept)
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "SetPreferredInput: out of memory");
    int result = call_session_method(session, "SetPreferredInput", append_string, value, NULL);
    if (result == AUDIOSESSION_OK)
        replace_string(&session->preferred_input, kept);
    else
        free(kept);
    return result;
}

PUBLIC int audiosession_override_output(audiosession *session, const char *port)
{
    REQUIRE(port, session, "audiosession_override_output: port is NULL (\"none\" or \"speaker\")");
    int checked = check_text(session, "audiosession_override_output: the port", port);
    if (checked != AUDIOSESSION_OK)
        return checked;
    return call_session_method(session, "OverrideOutputPort", append_string, port, NULL);
}
