// CPipeWireShim: see include/CPipeWireShim.h for why each function exists.
#include "CPipeWireShim.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <spa/param/props.h>
#include <spa/param/latency-utils.h>
#include <spa/param/route.h>
#include <spa/param/profile.h>
#include <spa/pod/parser.h>
#include <spa/pod/builder.h>
#include <spa/pod/iter.h>
#include <spa/node/command.h>
#include <spa/utils/json.h>
#include <spa/utils/result.h>

void CPipeWireShim_init(void) {
    pw_init(NULL, NULL);
    setvbuf(stderr, NULL, _IONBF, 0);
}

struct pw_properties *CPipeWireShim_properties_new_empty(void) {
    return pw_properties_new(NULL, NULL);
}

int CPipeWireShim_core_add_listener(
    struct pw_core *core, struct spa_hook *listener, const struct pw_core_events *events, void *data) {
    return pw_core_add_listener(core, listener, events, data);
}

int CPipeWireShim_core_sync(struct pw_core *core, uint32_t id, int seq) {
    return pw_core_sync(core, id, seq);
}

int CPipeWireShim_registry_add_listener(
    struct pw_registry *registry, struct spa_hook *listener, const struct pw_registry_events *events, void *data) {
    return pw_registry_add_listener(registry, listener, events, data);
}

int CPipeWireShim_node_add_listener(
    struct pw_node *node, struct spa_hook *listener, const struct pw_node_events *events, void *data) {
    return pw_node_add_listener(node, listener, events, data);
}

int CPipeWireShim_node_subscribe_params(struct pw_node *node, uint32_t *ids, uint32_t count) {
    return pw_node_subscribe_params(node, ids, count);
}

int CPipeWireShim_node_send_command(struct pw_node *node, uint32_t command) {
    struct spa_command cmd = SPA_NODE_COMMAND_INIT(command);
    return pw_node_send_command(node, &cmd);
}

int CPipeWireShim_node_set_props(struct pw_node *node, const CPipeWireShim_Props *props) {
    if (props->has_channel_volumes && props->channel_count > SPA_AUDIO_MAX_CHANNELS)
        return -EINVAL;
    uint8_t buffer[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
    struct spa_pod_frame frame;
    spa_pod_builder_push_object(&builder, &frame, SPA_TYPE_OBJECT_Props, SPA_PARAM_Props);
    if (props->has_volume) {
        spa_pod_builder_prop(&builder, SPA_PROP_volume, 0);
        spa_pod_builder_float(&builder, props->volume);
    }
    if (props->has_mute) {
        spa_pod_builder_prop(&builder, SPA_PROP_mute, 0);
        spa_pod_builder_bool(&builder, props->mute);
    }
    if (props->has_channel_volumes) {
        spa_pod_builder_prop(&builder, SPA_PROP_channelVolumes, 0);
        spa_pod_builder_array(&builder, sizeof(float), SPA_TYPE_Float, props->channel_count, props->channel_volumes);
    }
    struct spa_pod *pod = spa_pod_builder_pop(&builder, &frame);
    if (pod == NULL)
        return -ENOSPC;
    return pw_node_set_param(node, SPA_PARAM_Props, 0, pod);
}

int CPipeWireShim_parse_props(const struct spa_pod *pod, CPipeWireShim_Props *props) {
    memset(props, 0, sizeof(*props));
    if (pod == NULL || !spa_pod_is_object_type(pod, SPA_TYPE_OBJECT_Props))
        return -EINVAL;
    const struct spa_pod_object *object = (const struct spa_pod_object *)pod;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        switch (prop->key) {
        case SPA_PROP_volume:
            props->has_volume = spa_pod_get_float(&prop->value, &props->volume) == 0;
            break;
        case SPA_PROP_mute:
            props->has_mute = spa_pod_get_bool(&prop->value, &props->mute) == 0;
            break;
        case SPA_PROP_channelVolumes:
            props->channel_count = spa_pod_copy_array(
                &prop->value, SPA_TYPE_Float, props->channel_volumes, SPA_AUDIO_MAX_CHANNELS);
            props->has_channel_volumes = props->channel_count > 0;
            break;
        default:
            break;
        }
    }
    return 0;
}

int CPipeWireShim_port_add_listener(
    struct pw_port *port, struct spa_hook *listener, const struct pw_port_events *events, void *data) {
    return pw_port_add_listener(port, listener, events, data);
}

int CPipeWireShim_port_subscribe_params(struct pw_port *port, uint32_t *ids, uint32_t count) {
    return pw_port_subscribe_params(port, ids, count);
}

int CPipeWireShim_parse_latency(const struct spa_pod *pod, CPipeWireShim_Latency *latency) {
    memset(latency, 0, sizeof(*latency));
    if (pod == NULL)
        return -EINVAL;
    struct spa_latency_info info;
    int result = spa_latency_parse(pod, &info);
    if (result < 0)
        return result;
    latency->direction = (uint32_t)info.direction;
    latency->min_quantum = info.min_quantum;
    latency->min_rate = (uint32_t)info.min_rate;
    latency->min_ns = (uint64_t)info.min_ns;
    return 0;
}

int CPipeWireShim_client_add_listener(
    struct pw_client *client, struct spa_hook *listener, const struct pw_client_events *events, void *data) {
    return pw_client_add_listener(client, listener, events, data);
}

int CPipeWireShim_device_add_listener(
    struct pw_device *device, struct spa_hook *listener, const struct pw_device_events *events, void *data) {
    return pw_device_add_listener(device, listener, events, data);
}

int CPipeWireShim_device_enum_params(struct pw_device *device, uint32_t id) {
    int result = pw_device_enum_params(device, 0, id, 0, UINT32_MAX, NULL);
    if (result < 0)
        return result;
    return CPipeWireShim_async_seq(result);
}

int CPipeWireShim_async_seq(int result) {
    return SPA_RESULT_ASYNC_SEQ(result);
}

static void CPipeWireShim_read_ids(const struct spa_pod *value, int32_t *ids, uint32_t *count) {
    *count = spa_pod_copy_array(value, SPA_TYPE_Int, ids, CPipeWireShim_ROUTE_IDS_MAX);
}

/// The `port.type` value in a route's info struct: an Int count, then that many key/value strings.
static const char *CPipeWireShim_route_port_type(const struct spa_pod *info) {
    struct spa_pod_parser parser;
    struct spa_pod_frame frame;
    int32_t count = 0;
    spa_pod_parser_pod(&parser, info);
    if (spa_pod_parser_push_struct(&parser, &frame) < 0 || spa_pod_parser_get_int(&parser, &count) < 0)
        return NULL;
    for (int32_t i = 0; i < count; i++) {
        const char *key = NULL, *value = NULL;
        if (spa_pod_parser_get_string(&parser, &key) < 0 || spa_pod_parser_get_string(&parser, &value) < 0)
            return NULL;
        if (key != NULL && strcmp(key, "port.type") == 0)
            return value;
    }
    return NULL;
}

int CPipeWireShim_parse_route(const struct spa_pod *pod, CPipeWireShim_Route *route) {
    memset(route, 0, sizeof(*route));
    if (pod == NULL || !spa_pod_is_object_type(pod, SPA_TYPE_OBJECT_ParamRoute))
        return -EINVAL;
    const struct spa_pod_object *object = (const struct spa_pod_object *)pod;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        switch (prop->key) {
        case SPA_PARAM_ROUTE_index:
            spa_pod_get_int(&prop->value, &route->index);
            break;
        case SPA_PARAM_ROUTE_direction:
            spa_pod_get_id(&prop->value, &route->direction);
            break;
        case SPA_PARAM_ROUTE_device:
            route->has_device = spa_pod_get_int(&prop->value, &route->device) == 0;
            break;
        case SPA_PARAM_ROUTE_name:
            spa_pod_get_string(&prop->value, &route->name);
            break;
        case SPA_PARAM_ROUTE_description:
            spa_pod_get_string(&prop->value, &route->description);
            break;
        case SPA_PARAM_ROUTE_priority:
            spa_pod_get_int(&prop->value, &route->priority);
            break;
        case SPA_PARAM_ROUTE_available:
            spa_pod_get_id(&prop->value, &route->available);
            break;
        case SPA_PARAM_ROUTE_info:
            route->port_type = CPipeWireShim_route_port_type(&prop->value);
            break;
        case SPA_PARAM_ROUTE_devices:
            CPipeWireShim_read_ids(&prop->value, route->devices, &route->n_devices);
            break;
        case SPA_PARAM_ROUTE_profiles:
            CPipeWireShim_read_ids(&prop->value, route->profiles, &route->n_profiles);
            break;
        default:
            break;
        }
    }
    return route->name == NULL ? -EINVAL : 0;
}

int CPipeWireShim_parse_profile(const struct spa_pod *pod, CPipeWireShim_Profile *profile) {
    memset(profile, 0, sizeof(*profile));
    if (pod == NULL || !spa_pod_is_object_type(pod, SPA_TYPE_OBJECT_ParamProfile))
        return -EINVAL;
    const struct spa_pod_object *object = (const struct spa_pod_object *)pod;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        switch (prop->key) {
        case SPA_PARAM_PROFILE_index:
            spa_pod_get_int(&prop->value, &profile->index);
            break;
        case SPA_PARAM_PROFILE_name:
            spa_pod_get_string(&prop->value, &profile->name);
            break;
        case SPA_PARAM_PROFILE_description:
            spa_pod_get_string(&prop->value, &profile->description);
            break;
        case SPA_PARAM_PROFILE_priority:
            spa_pod_get_int(&prop->value, &profile->priority);
            break;
        case SPA_PARAM_PROFILE_available:
            spa_pod_get_id(&prop->value, &profile->available);
            break;
        default:
            break;
        }
    }
    return profile->name == NULL ? -EINVAL : 0;
}

int CPipeWireShim_metadata_add_listener(
    struct pw_metadata *metadata, struct spa_hook *listener, const struct pw_metadata_events *events, void *data) {
    return pw_metadata_add_listener(metadata, listener, events, data);
}

int CPipeWireShim_metadata_set_property(
    struct pw_metadata *metadata, uint32_t subject, const char *key, const char *type, const char *value) {
    return pw_metadata_set_property(metadata, subject, key, type, value);
}

int CPipeWireShim_json_object_string(const char *json, const char *key, char *out, size_t out_size) {
    if (json == NULL || key == NULL || out == NULL || out_size == 0 || out_size > INT32_MAX)
        return -EINVAL;
    struct spa_json document, object;
    spa_json_init(&document, json, strlen(json));
    if (spa_json_enter_object(&document, &object) <= 0)
        return -EINVAL;
    char name[256];
    const char *value;
    while (spa_json_get_string(&object, name, sizeof(name)) > 0) {
        int length = spa_json_next(&object, &value);
        if (length <= 0)
            break;
        if (strcmp(name, key) != 0)
            continue;
        if (spa_json_is_container(value, length) || spa_json_is_null(value, length))
            return -EINVAL;
        if ((size_t)length >= out_size)
            return -ENOSPC;
        if (spa_json_parse_stringn(value, length, out, (int)out_size) <= 0)
            return -EINVAL;
        return (int)strlen(out);
    }
    return -ENOENT;
}

struct spa_source *CPipeWireShim_loop_add_timer(
    struct pw_loop *loop, void (*func)(void *data, uint64_t expirations), void *data) {
    return pw_loop_add_timer(loop, func, data);
}

int CPipeWireShim_loop_update_timer(struct pw_loop *loop, struct spa_source *source, uint64_t nanoseconds) {
    struct timespec value = { .tv_sec = (time_t)(nanoseconds / 1000000000ull), .tv_nsec = (long)(nanoseconds % 1000000000ull) };
    struct timespec interval = { 0, 0 };
    return pw_loop_update_timer(loop, source, &value, &interval, false);
}

void CPipeWireShim_loop_destroy_source(struct pw_loop *loop, struct spa_source *source) {
    pw_loop_destroy_source(loop, source);
}
