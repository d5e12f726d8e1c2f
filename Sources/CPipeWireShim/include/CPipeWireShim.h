// CPipeWireShim: real, prefixed C functions for the parts of libpipewire-0.3 and SPA that Swift
// cannot import (function-like macros, variadic functions and varargs pod builders).
//
// Not API: only PipeWireBackend imports this module, through its internal wrapper. Every symbol
// carries the CPipeWireShim_ prefix so that it can never clash with a PipeWire symbol, and each
// one says why it exists. Methods on proxies return what the PipeWire macro returns: a sequence
// number or 0 on success, a negative errno on failure.
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pipewire/pipewire.h>
#include <pipewire/extensions/metadata.h>
#include <spa/param/audio/raw.h>

// MARK: Library and properties

/// `pw_init`, then stderr back to unbuffered. libspa-support's logger in PipeWire 0.3.65 calls
/// `setlinebuf(stderr)`, after which glibc splits the host program's stderr writes mid-character
/// (swift-testing's "✔" lines went out as 1 byte + rest, and `swift test` dropped them). Done in
/// C because Swift 6 refuses the global `stderr` (shared mutable state).
void CPipeWireShim_init(void);

/// `pw_properties_new` is variadic (NULL-terminated key/value pairs); this returns an empty set.
struct pw_properties *CPipeWireShim_properties_new_empty(void);

// MARK: Core

/// `pw_core_add_listener` is a macro dispatching through the core's method table.
int CPipeWireShim_core_add_listener(
    struct pw_core *core, struct spa_hook *listener, const struct pw_core_events *events, void *data);

/// `pw_core_sync` is a macro; returns the sequence number the matching `done` event carries.
int CPipeWireShim_core_sync(struct pw_core *core, uint32_t id, int seq);

// MARK: Registry

/// `pw_registry_add_listener` is a macro.
int CPipeWireShim_registry_add_listener(
    struct pw_registry *registry, struct spa_hook *listener, const struct pw_registry_events *events, void *data);

// MARK: Node

/// `pw_node_add_listener` is a macro.
int CPipeWireShim_node_add_listener(
    struct pw_node *node, struct spa_hook *listener, const struct pw_node_events *events, void *data);

/// `pw_node_subscribe_params` is a macro; the server then sends the listed params and every change.
int CPipeWireShim_node_subscribe_params(struct pw_node *node, uint32_t *ids, uint32_t count);

/// `pw_node_send_command` is a macro and `SPA_NODE_COMMAND_INIT` builds the command as a compound
/// literal; `command` is a `SPA_NODE_COMMAND_*` id (Pause, Start, ...).
int CPipeWireShim_node_send_command(struct pw_node *node, uint32_t command);

/// The fields of a node's `SPA_PARAM_Props` object this project reads and writes.
/// A `has_*` flag says whether the pod carried (or should carry) the field.
typedef struct CPipeWireShim_Props {
    bool has_volume;
    float volume;
    bool has_mute;
    bool mute;
    bool has_channel_volumes;
    uint32_t channel_count;
    float channel_volumes[SPA_AUDIO_MAX_CHANNELS];
} CPipeWireShim_Props;

/// Builds a `SPA_PARAM_Props` object from `props` with `spa_pod_builder` (whose object and array
/// helpers are macros and varargs) and sends it with the `pw_node_set_param` macro.
int CPipeWireShim_node_set_props(struct pw_node *node, const CPipeWireShim_Props *props);

/// Reads volume, mute and channelVolumes out of a `SPA_PARAM_Props` pod (`spa_pod_parse_object` is
/// a varargs macro). Returns 0 when `pod` is a Props object, a negative errno otherwise.
int CPipeWireShim_parse_props(const struct spa_pod *pod, CPipeWireShim_Props *props);

// MARK: Port

/// `pw_port_add_listener` is a macro.
int CPipeWireShim_port_add_listener(
    struct pw_port *port, struct spa_hook *listener, const struct pw_port_events *events, void *data);

/// `pw_port_subscribe_params` is a macro; the server then sends the listed params and every change.
int CPipeWireShim_port_subscribe_params(struct pw_port *port, uint32_t *ids, uint32_t count);

/// The least latency a port's `SPA_PARAM_Latency` object gives for one direction: a part that
/// scales with the graph's quantum, one in frames at the graph's rate, one in nanoseconds.
/// Fixed-width here because SPA changed the fields' signedness between 0.3 and 1.x.
typedef struct CPipeWireShim_Latency {
    /// `SPA_DIRECTION_INPUT` (0) or `SPA_DIRECTION_OUTPUT` (1).
    uint32_t direction;
    float min_quantum;
    uint32_t min_rate;
    uint64_t min_ns;
} CPipeWireShim_Latency;

/// Reads a `SPA_PARAM_Latency` pod with `spa_latency_parse`, a static inline function with a
/// varargs parser inside; 0 on success, a negative errno when the pod is not a latency object.
int CPipeWireShim_parse_latency(const struct spa_pod *pod, CPipeWireShim_Latency *latency);

// MARK: Client

/// `pw_client_add_listener` is a macro; a client's info carries its full properties
/// (`application.process.binary`, ...), which the registry's filtered set lacks.
int CPipeWireShim_client_add_listener(
    struct pw_client *client, struct spa_hook *listener, const struct pw_client_events *events, void *data);

// MARK: Device

/// `pw_device_add_listener` is a macro.
int CPipeWireShim_device_add_listener(
    struct pw_device *device, struct spa_hook *listener, const struct pw_device_events *events, void *data);

/// `pw_device_enum_params` is a macro; asks for every param `id` of the device. Returns the
/// request's sequence number as ``CPipeWireShim_async_seq`` reduces it (the param events that
/// answer carry it), or a negative errno.
int CPipeWireShim_device_enum_params(struct pw_device *device, uint32_t id);

/// `SPA_RESULT_ASYNC_SEQ` is a macro: the sequence number inside an asynchronous result or a param
/// event's `seq`, so a request's answer can be told from an older one's.
int CPipeWireShim_async_seq(int result);

/// The most card-profile devices or profiles a route lists that the shim reads.
#define CPipeWireShim_ROUTE_IDS_MAX 32

/// The fields of a `SPA_PARAM_EnumRoute` or `SPA_PARAM_Route` object (`SPA_TYPE_OBJECT_ParamRoute`)
/// this project reads. Strings point into the pod: valid only while the param event runs.
typedef struct CPipeWireShim_Route {
    int32_t index;
    /// `SPA_DIRECTION_INPUT` (capture) or `SPA_DIRECTION_OUTPUT` (playback).
    uint32_t direction;
    bool has_device;
    int32_t device;
    const char *name;
    const char *description;
    int32_t priority;
    /// `SPA_PARAM_AVAILABILITY_unknown`, `_no` or `_yes`.
    uint32_t available;
    /// The `port.type` entry of the route's info, or NULL.
    const char *port_type;
    uint32_t n_devices;
    int32_t devices[CPipeWireShim_ROUTE_IDS_MAX];
    uint32_t n_profiles;
    int32_t profiles[CPipeWireShim_ROUTE_IDS_MAX];
} CPipeWireShim_Route;

/// Reads a route object (the object and struct iterators are macros and varargs). Returns 0 when
/// `pod` is a ParamRoute object with a name, a negative errno otherwise.
int CPipeWireShim_parse_route(const struct spa_pod *pod, CPipeWireShim_Route *route);

/// The fields of a `SPA_PARAM_EnumProfile` or `SPA_PARAM_Profile` object this project reads.
/// Strings point into the pod: valid only while the param event runs.
typedef struct CPipeWireShim_Profile {
    int32_t index;
    const char *name;
    const char *description;
    int32_t priority;
    /// `SPA_PARAM_AVAILABILITY_unknown`, `_no` or `_yes`.
    uint32_t available;
} CPipeWireShim_Profile;

/// Reads a profile object. Returns 0 when `pod` is a ParamProfile object with a name, a negative
/// errno otherwise.
int CPipeWireShim_parse_profile(const struct spa_pod *pod, CPipeWireShim_Profile *profile);

// MARK: Metadata

/// `pw_metadata_add_listener` is a macro.
int CPipeWireShim_metadata_add_listener(
    struct pw_metadata *metadata, struct spa_hook *listener, const struct pw_metadata_events *events, void *data);

/// `pw_metadata_set_property` is a macro; a NULL `value` removes the key for `subject`.
int CPipeWireShim_metadata_set_property(
    struct pw_metadata *metadata, uint32_t subject, const char *key, const char *type, const char *value);

// MARK: Loop timers

/// `pw_loop_add_timer` is a macro dispatching through the loop's utils; returns a disarmed timer
/// source that calls `func` on the loop thread, or NULL.
struct spa_source *CPipeWireShim_loop_add_timer(
    struct pw_loop *loop, void (*func)(void *data, uint64_t expirations), void *data);

/// `pw_loop_update_timer` is a macro taking a `struct timespec`; arms `source` to fire once,
/// `nanoseconds` from now (0 disarms it, as the timerfd underneath does).
int CPipeWireShim_loop_update_timer(struct pw_loop *loop, struct spa_source *source, uint64_t nanoseconds);

/// `pw_loop_destroy_source` is a macro.
void CPipeWireShim_loop_destroy_source(struct pw_loop *loop, struct spa_source *source);

// MARK: JSON values

/// Copies the string member `key` of the JSON object `json` (as metadata values like
/// `{ "name": "speaker" }` hold it) into `out`. SPA's JSON reader is inline functions over a
/// cursor struct, clearer to drive from C. Returns the length, or a negative errno when absent.
int CPipeWireShim_json_object_string(const char *json, const char *key, char *out, size_t out_size);
