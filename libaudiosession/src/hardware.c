/* Hardware values and preferences, and the current secondary-audio hint (docs/dbus-api.md:
 * GetHardwareValues, SetPreferredHardware, GetSecondaryAudioHint). */
#include <stddef.h>
#include <string.h>

#include "internal.h"

#define MIN_RATE 8000u
#define MAX_RATE 384000u
#define MIN_DURATION 0.0005
#define MAX_DURATION 2.0

static int append_entry(DBusMessageIter *dictionary, const char *key, int type, const char *signature, const void *value)
{
    DBusMessageIter entry, variant;
    if (!dbus_message_iter_open_container(dictionary, DBUS_TYPE_DICT_ENTRY, NULL, &entry))
        return 0;
    int ok = dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
             && dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant);
    if (ok) {
        ok = dbus_message_iter_append_basic(&variant, type, value);
        ok = dbus_message_iter_close_container(&entry, &variant) && ok;
    }
    if (!ok) {
        dbus_message_iter_abandon_container(dictionary, &entry);
        return 0;
    }
    return dbus_message_iter_close_container(dictionary, &entry);
}

static int append_preferences(DBusMessageIter *iter, const void *context)
{
    const audiosession *session = context;
    dbus_uint32_t rate = session->preferred_sample_rate;
    double duration = session->preferred_io_buffer_duration;
    DBusMessageIter dictionary;
    if (!dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, "{sv}", &dictionary))
        return 0;
    if (!append_entry(&dictionary, "sample-rate", DBUS_TYPE_UINT32, "u", &rate)
        || !append_entry(&dictionary, "io-buffer-duration", DBUS_TYPE_DOUBLE, "d", &duration)) {
        dbus_message_iter_abandon_container(iter, &dictionary);
        return 0;
    }
    return dbus_message_iter_close_container(iter, &dictionary);
}

int send_hardware_preferences(audiosession *session)
{
    if (!session->preferred_sample_rate && session->preferred_io_buffer_duration == 0)
        return AUDIOSESSION_OK;
    return call_session_method(session, "SetPreferredHardware", append_preferences, session, NULL);
}

PUBLIC int audiosession_set_preferred_hardware(audiosession *session, unsigned sample_rate, double io_buffer_duration)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (sample_rate != 0 && (sample_rate < MIN_RATE || sample_rate > MAX_RATE))
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT,
                    "audiosession_set_preferred_hardware: sample rate %u is out of range; give %u to %u frames per second, or 0 for none",
                    sample_rate, MIN_RATE, MAX_RATE);
    /* Written so that NaN fails too. */
    if (io_buffer_duration != 0 && !(io_buffer_duration >= MIN_DURATION && io_buffer_duration <= MAX_DURATION))
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT,
                    "audiosession_set_preferred_hardware: I/O buffer duration %g is out of range; give %g to %g seconds, or 0 for none",
                    io_buffer_duration, MIN_DURATION, MAX_DURATION);
    unsigned kept_rate = session->preferred_sample_rate;
    double kept_duration = session->preferred_io_buffer_duration;
    session->preferred_sample_rate = sample_rate;
    session->preferred_io_buffer_duration = io_buffer_duration;
    int result = call_session_method(session, "SetPreferredHardware", append_preferences, session, NULL);
    /* Without an agent the preferences wait for one; refused ones are not kept. */
    if (result != AUDIOSESSION_OK && result != AUDIOSESSION_ERROR_AGENT_NOT_RUNNING) {
        session->preferred_sample_rate = kept_rate;
        session->preferred_io_buffer_duration = kept_duration;
    }
    return result;
}

/* The variant's value at `entry` (a dict entry's second field), if it has `type`. */
static int variant_value(DBusMessageIter *variant, int type, void *value)
{
    DBusMessageIter inner;
    dbus_message_iter_recurse(variant, &inner);
    if (dbus_message_iter_get_arg_type(&inner) != type)
        return 0;
    dbus_message_iter_get_basic(&inner, value);
    return 1;
}

#define FITS(values, field) ((values)->size >= offsetof(audiosession_hardware_values, field) + sizeof((values)->field))

/* Reads one entry of the a{sv}; keys a later agent adds are skipped. 0 on a known key of another type. */
static int read_value(audiosession_hardware_values *values, const char *key, DBusMessageIter *variant)
{
    static const struct {
        const char *key;
        size_t offset;
    } counts[] = {
        { "output-sample-rate", offsetof(audiosession_hardware_values, output_sample_rate) },
        { "input-sample-rate", offsetof(audiosession_hardware_values, input_sample_rate) },
        { "output-channels", offsetof(audiosession_hardware_values, output_channels) },
        { "input-channels", offsetof(audiosession_hardware_values, input_channels) },
        { "io-buffer-frames", offsetof(audiosession_hardware_values, io_buffer_frames) },
        { "preferred-sample-rate", offsetof(audiosession_hardware_values, preferred_sample_rate) },
    }, seconds[] = {
        { "output-latency", offsetof(audiosession_hardware_values, output_latency) },
        { "input-latency", offsetof(audiosession_hardware_values, input_latency) },
        { "io-buffer-duration", offsetof(audiosession_hardware_values, io_buffer_duration) },
        { "preferred-io-buffer-duration", offsetof(audiosession_hardware_values, preferred_io_buffer_duration) },
    };
    char *base = (char *)values;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        if (strcmp(key, counts[i].key) != 0)
            continue;
        dbus_uint32_t number;
        if (!variant_value(variant, DBUS_TYPE_UINT32, &number))
            return 0;
        if (values->size >= counts[i].offset + sizeof(unsigned))
            *(unsigned *)(base + counts[i].offset) = number;
        return 1;
    }
    for (size_t i = 0; i < sizeof seconds / sizeof seconds[0]; i++) {
        if (strcmp(key, seconds[i].key) != 0)
            continue;
        double number;
        if (!variant_value(variant, DBUS_TYPE_DOUBLE, &number))
            return 0;
        if (values->size >= seconds[i].offset + sizeof(double))
            *(double *)(base + seconds[i].offset) = number;
        return 1;
    }
    if (strcmp(key, "preferences-applied") == 0) {
        dbus_bool_t applied;
        if (!variant_value(variant, DBUS_TYPE_BOOLEAN, &applied))
            return 0;
        if (FITS(values, preferences_applied))
            values->preferences_applied = applied ? 1 : 0;
    }
    return 1;
}

PUBLIC int audiosession_get_hardware_values(audiosession *session, audiosession_hardware_values *values)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (!values || values->size < sizeof(size_t) + sizeof(unsigned))
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT,
                    "audiosession_get_hardware_values: values is NULL or its size is not set "
                    "(set it to sizeof(audiosession_hardware_values))");
    size_t size = values->size < sizeof *values ? values->size : sizeof *values;
    /* The unknowns first: what the agent does not report stays so. */
    audiosession_hardware_values unknown = { .size = size, .output_latency = -1, .input_latency = -1, .io_buffer_duration = -1 };
    memcpy(values, &unknown, size);
    DBusMessage *reply = NULL;
    int result = call_session_method(session, "GetHardwareValues", NULL, NULL, &reply);
    if (result != AUDIOSESSION_OK)
        return result;
    DBusMessageIter iter, entries;
    int ok = dbus_message_iter_init(reply, &iter) && dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_ARRAY
             && dbus_message_iter_get_element_type(&iter) == DBUS_TYPE_DICT_ENTRY;
    if (ok)
        dbus_message_iter_recurse(&iter, &entries);
    for (; ok && dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next(&entries)) {
        DBusMessageIter entry;
        const char *key;
        dbus_message_iter_recurse(&entries, &entry);
        ok = dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_STRING;
        if (!ok)
            break;
        dbus_message_iter_get_basic(&entry, &key);
        ok = dbus_message_iter_next(&entry) && dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_VARIANT
             && read_value(values, key, &entry);
    }
    dbus_message_unref(reply);
    if (!ok)
        return fail(session, AUDIOSESSION_ERROR_BAD_REPLY,
                    "GetHardwareValues: the agent's reply is not an a{sv} with the contract's types");
    return AUDIOSESSION_OK;
}

PUBLIC int audiosession_get_secondary_audio_hint(audiosession *session, int *begun)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (!begun)
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT, "audiosession_get_secondary_audio_hint: begun is NULL");
    DBusMessage *reply = NULL;
    int result = call_session_method(session, "GetSecondaryAudioHint", NULL, NULL, &reply);
    if (result != AUDIOSESSION_OK)
        return result;
    dbus_bool_t value = FALSE;
    int ok = dbus_message_get_args(reply, NULL, DBUS_TYPE_BOOLEAN, &value, DBUS_TYPE_INVALID);
    dbus_message_unref(reply);
    if (!ok)
        return fail(session, AUDIOSESSION_ERROR_BAD_REPLY, "GetSecondaryAudioHint: the agent's reply is not (b begun)");
    *begun = value ? 1 : 0;
    return AUDIOSESSION_OK;
}
