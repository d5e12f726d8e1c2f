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

int same_string(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}
