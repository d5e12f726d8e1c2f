/* Routes on the wire: a port is (sssu) name, uid, port type, channels; a route (a(sssu)a(sssu))
 * inputs, outputs (docs/dbus-api.md). Port types are passed through as the agent names them. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void free_ports(audiosession_port *ports, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free((char *)ports[i].name);
        free((char *)ports[i].uid);
        free((char *)ports[i].type);
    }
    free(ports);
}

PUBLIC void audiosession_route_free(audiosession_route *route)
{
    if (!route)
        return;
    free_ports((audiosession_port *)route->inputs, route->input_count);
    free_ports((audiosession_port *)route->outputs, route->output_count);
    free(route);
}

static int read_string(DBusMessageIter *iter, const char **slot)
{
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_STRING)
        return 0;
    const char *text;
    dbus_message_iter_get_basic(iter, &text);
    *slot = copy_string(text);
    dbus_message_iter_next(iter);
    return *slot != NULL;
}

static int read_port(DBusMessageIter *iter, audiosession_port *port)
{
    DBusMessageIter fields;
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_STRUCT)
        return 0;
    dbus_message_iter_recurse(iter, &fields);
    if (!read_string(&fields, &port->name) || !read_string(&fields, &port->uid) || !read_string(&fields, &port->type)
        || dbus_message_iter_get_arg_type(&fields) != DBUS_TYPE_UINT32)
        return 0;
    dbus_uint32_t channels;
    dbus_message_iter_get_basic(&fields, &channels);
    port->channels = channels;
    return 1;
}

/* Reads an a(sssu) into a new array; 0 on another shape (what was read is freed). */
static int read_ports(DBusMessageIter *iter, const audiosession_port **ports, size_t *count)
{
    DBusMessageIter elements;
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_ARRAY)
        return 0;
    dbus_message_iter_recurse(iter, &elements);
    size_t length = 0;
    for (DBusMessageIter counter = elements; dbus_message_iter_get_arg_type(&counter) != DBUS_TYPE_INVALID;
         dbus_message_iter_next(&counter))
        length++;
    audiosession_port *array = calloc(length ? length : 1, sizeof *array);
    if (!array)
        return 0;
    for (size_t i = 0; i < length; i++, dbus_message_iter_next(&elements)) {
        if (!read_port(&elements, &array[i])) {
            free_ports(array, i + 1);
            return 0;
        }
    }
    *ports = array;
    *count = length;
    dbus_message_iter_next(iter);
    return 1;
}

audiosession_route *read_inputs(DBusMessageIter *iter)
{
    audiosession_route *route = calloc(1, sizeof *route);
    if (!route)
        return NULL;
    if (!read_ports(iter, &route->inputs, &route->input_count)) {
        audiosession_route_free(route);
        return NULL;
    }
    return route;
}

audiosession_route *read_route(DBusMessageIter *iter)
{
    DBusMessageIter sides;
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_STRUCT)
        return NULL;
    dbus_message_iter_recurse(iter, &sides);
    audiosession_route *route = calloc(1, sizeof *route);
    if (!route)
        return NULL;
    if (!read_ports(&sides, &route->inputs, &route->input_count)
        || !read_ports(&sides, &route->outputs, &route->output_count)) {
        audiosession_route_free(route);
        return NULL;
    }
    return route;
}
