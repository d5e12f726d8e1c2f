/* The app's opt-ins of iOS 13-17 (docs/dbus-api.md: SetSessionPreference), kept for the session's
 * life and sent again after an agent restart. */
#include <string.h>

#include "internal.h"

/* The agent's names, in the order of the `preferences` slots of a session. */
static const char *const preference_names[SESSION_PREFERENCE_COUNT] = {
    AUDIOSESSION_PREFERENCE_INTERRUPTION_ON_ROUTE_DISCONNECT,
    AUDIOSESSION_PREFERENCE_NO_INTERRUPTIONS_FROM_SYSTEM_ALERTS,
    AUDIOSESSION_PREFERENCE_SYSTEM_SOUNDS_DURING_RECORDING,
};

struct preference_call {
    const char *name;
    int value;
};

static int append_preference(DBusMessageIter *iter, const void *context)
{
    const struct preference_call *call = context;
    dbus_bool_t value = call->value ? TRUE : FALSE;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &call->name)
        && dbus_message_iter_append_basic(iter, DBUS_TYPE_BOOLEAN, &value);
}

static int preference_slot(const char *name)
{
    for (int slot = 0; slot < SESSION_PREFERENCE_COUNT; slot++) {
        if (strcmp(name, preference_names[slot]) == 0)
            return slot;
    }
    return -1;
}

static int send_preference(audiosession *session, int slot)
{
    struct preference_call call = { preference_names[slot], session->preferences[slot] };
    return call_session_method(session, "SetSessionPreference", append_preference, &call, NULL);
}

int send_session_preferences(audiosession *session)
{
    for (int slot = 0; slot < SESSION_PREFERENCE_COUNT; slot++) {
        if (session->preferences[slot] < 0)
            continue;
        int result = send_preference(session, slot);
        if (result != AUDIOSESSION_OK)
            return result;
    }
    return AUDIOSESSION_OK;
}

PUBLIC int audiosession_set_session_preference(audiosession *session, const char *preference, int value)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (!preference)
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT, "audiosession_set_session_preference: preference is NULL");
    int result = check_text(session, "the preference", preference);
    if (result != AUDIOSESSION_OK)
        return result;
    int slot = preference_slot(preference);
    if (slot < 0)
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT,
                    "unknown session preference \"%s\"; expected %s, %s or %s", preference, preference_names[0],
                    preference_names[1], preference_names[2]);
    int kept = session->preferences[slot];
    session->preferences[slot] = value ? 1 : 0;
    result = send_preference(session, slot);
    /* Without an agent the choice waits for one; a refused one is not kept. */
    if (result != AUDIOSESSION_OK && result != AUDIOSESSION_ERROR_AGENT_NOT_RUNNING)
        session->preferences[slot] = kept;
    return result;
}

PUBLIC int audiosession_get_session_preference(const audiosession *session, const char *preference)
{
    if (!session || !preference)
        return 0;
    int slot = preference_slot(preference);
    return slot >= 0 && session->preferences[slot] == 1 ? 1 : 0;
}
