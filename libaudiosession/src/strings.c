/* Owned strings: the handle keeps copies of what the agent and the app give it. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

char *copy_string(const char *text)
{
    return text ? strdup(text) : NULL;
}

void replace_string(char **slot, char *value)
{
    free(*slot);
    *slot = value;
}

int check_text(audiosession *session, const char *what, const char *text)
{
    /* libdbus refuses a string that is not UTF-8 (and may abort with fatal warnings on): say so first. */
    if (text && !dbus_validate_utf8(text, NULL))
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT, "%s is not valid UTF-8", what);
    return AUDIOSESSION_OK;
}

int same_string(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}
