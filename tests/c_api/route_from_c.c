/* SPDX-License-Identifier: MIT */
/* Routing from C through voxnav.h: a chunk with a floor, a wall and a wooden
   door in it; a player-sized agent that opens doors walks through it. Built
   as C99 (not C++) and run by ctest; exits 1 with a message on any surprise.
   The README's "Using voxnav from C" walks through it. */
#include "voxnav/voxnav.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define EXPECT(cond, what)                                                  \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "route_from_c: %s (%s)\n", what, voxnav_last_error()); \
            ++failures;                                                     \
        }                                                                   \
    } while (0)

int main(void) {
    voxnav_world* world = NULL;
    EXPECT(voxnav_world_create(&world) == VOXNAV_OK, "world_create");

    uint16_t stone = 0, door = 0;
    EXPECT(voxnav_world_find_block(world, "stone", &stone) == VOXNAV_OK, "stone is predefined");
    voxnav_block_shape door_shape = {.bottom = 0, .top = 16, .open_class = VOXNAV_OPEN_HAND}; /* the rest 0: defaults */
    EXPECT(voxnav_world_define_block(world, "oak_door", VOXNAV_SOLID, 0, &door_shape, &door) == VOXNAV_OK, "define a door");

    /* Chunk (0, 0, 0): a stone floor at y = 0, a wall across x = 8 up to
       y = 3 with a closed door at z = 8, feet y = 1 (and the air above it). */
    static uint16_t ids[4096];
    for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x) {
            ids[x + 16 * z] = stone;
            for (int y = 1; y <= 3; ++y)
                if (x == 8) ids[x + 16 * (z + 16 * y)] = stone;
        }
    ids[8 + 16 * (8 + 16 * 1)] = door;
    ids[8 + 16 * (8 + 16 * 2)] = 0;
    EXPECT(voxnav_world_set_chunk(world, 0, 0, 0, ids) == VOXNAV_OK, "set_chunk");

    voxnav_navigator* nav = NULL;
    EXPECT(voxnav_navigator_create(world, "{\"height\": 1.8, \"opens\": [\"hand\"]}", &nav) == VOXNAV_OK, "navigator");

    voxnav_query q;
    voxnav_query_init(&q);
    voxnav_goal goal = voxnav_goal_at(12, 1, 8);
    q.goals = &goal;
    q.goal_count = 1;
    voxnav_route* route = NULL;
    EXPECT(voxnav_route_create(&route) == VOXNAV_OK, "route_create");
    const int32_t from[3] = {2, 1, 8};
    EXPECT(voxnav_find_route(nav, from, &q, route) == VOXNAV_OK, "find_route runs");
    EXPECT(voxnav_route_status(route) == VOXNAV_FOUND, "a route through the door");

    int opened = 0;
    const voxnav_waypoint* wp = voxnav_route_waypoints(route);
    for (size_t i = 0; i < voxnav_route_size(route); ++i) {
        printf("%2zu  %3d %3d %3d  feet_y %.3f  %-5s  %.3f s\n", i, wp[i].x, wp[i].y, wp[i].z, wp[i].feet_y,
               voxnav_action_name(wp[i].action), wp[i].cost);
        if (wp[i].opened > 0) { /* the walk opens the door first: its voxels */
            size_t n = 0;
            const int32_t* door = voxnav_waypoint_voxels(route, i, VOXNAV_ACT_OPEN, &n);
            printf("    opens %zu voxels, the first at %d %d %d\n", n, door[0], door[1], door[2]);
            opened = (door[0] == 8 && door[1] == 1 && door[2] == 8);
        }
    }
    voxnav_metrics m = voxnav_route_metrics(route);
    printf("status %s, cost %.3f s, %llu expanded\n", voxnav_search_status_name(voxnav_route_status(route)),
           voxnav_route_cost(route), (unsigned long long)m.expanded);
    EXPECT(opened, "the route opens the door at (8, 1, 8)");
    EXPECT(strstr(voxnav_route_json(route), "\"open\"") != NULL, "the route JSON tags the door");

    /* Smoothing: a route across a yard (chunk (0, 0, 3), a bare floor),
       its voxel steps (diagonal, then straight) merged into one straight
       segment. Chunks near shaped blocks (the door) keep their steps. */
    static uint16_t yard[4096];
    for (int i = 0; i < 256; ++i) yard[i] = stone;
    EXPECT(voxnav_world_set_chunk(world, 0, 0, 3, yard) == VOXNAV_OK, "set_chunk the yard");
    voxnav_route *across = NULL, *smooth = NULL;
    EXPECT(voxnav_route_create(&across) == VOXNAV_OK && voxnav_route_create(&smooth) == VOXNAV_OK, "route_create");
    voxnav_goal corner = voxnav_goal_at(6, 1, 62);
    voxnav_query to_corner;
    voxnav_query_init(&to_corner);
    to_corner.goals = &corner;
    to_corner.goal_count = 1;
    const int32_t near_wall[3] = {1, 1, 49};
    EXPECT(voxnav_find_route(nav, near_wall, &to_corner, across) == VOXNAV_OK, "find_route across the yard");
    EXPECT(voxnav_smooth_route(nav, across, NULL, 0, smooth) == VOXNAV_OK, "smooth_route");
    printf("smoothed: %zu waypoints (from %zu), %.3f s (from %.3f s)\n", voxnav_route_size(smooth), voxnav_route_size(across),
           voxnav_route_cost(smooth), voxnav_route_cost(across));
    EXPECT(voxnav_route_size(smooth) < voxnav_route_size(across), "smoothing merges the steps");
    EXPECT(voxnav_route_cost(smooth) <= voxnav_route_cost(across) + 1e-9, "smoothing never costs more");
    voxnav_route_destroy(across);

    /* Game units: this game's voxels are half a metre, voxel (0, 0, 0) at y = -32. */
    const double origin[3] = {0.0, -32.0, 0.0};
    EXPECT(voxnav_world_set_transform(world, 0.5, origin) == VOXNAV_OK, "set_transform");
    double feet[3];
    EXPECT(voxnav_to_game(nav, from, feet) == VOXNAV_OK, "to_game");
    printf("the start's feet in game units: %.2f %.2f %.2f\n", feet[0], feet[1], feet[2]);
    EXPECT(fabs(feet[0] - 1.25) < 1e-9 && fabs(feet[1] + 31.5) < 1e-9 && fabs(feet[2] - 4.25) < 1e-9, "feet centre of voxel (2, 1, 8)");
    int32_t snapped[3];
    const double npc[3] = {1.4, -31.45, 4.1}; /* an NPC's position, a little off the centre */
    EXPECT(voxnav_snap_game(nav, npc, snapped) == VOXNAV_OK, "snap_game");
    EXPECT(snapped[0] == 2 && snapped[1] == 1 && snapped[2] == 8, "the NPC stands at voxel (2, 1, 8)");

    /* How far a guard gets in 2 seconds from the start: a reachable area. */
    voxnav_reach* reach = NULL;
    EXPECT(voxnav_reach_create(&reach) == VOXNAV_OK, "reach_create");
    voxnav_query within;
    voxnav_query_init(&within);
    within.max_cost = 2.0;
    EXPECT(voxnav_reachable(nav, from, &within, reach) == VOXNAV_OK, "reachable");
    printf("reachable within 2 s: %zu waypoints\n", voxnav_reach_count(reach));
    EXPECT(voxnav_reach_status(reach) == VOXNAV_FOUND && voxnav_reach_count(reach) > 1, "a reachable area");
    voxnav_reach_destroy(reach);

    /* The route service: the same question answered on a worker thread. */
    voxnav_service* service = NULL;
    uint32_t player = 0;
    uint64_t ticket = 0;
    EXPECT(voxnav_service_create(world, 1, &service) == VOXNAV_OK, "service_create");
    EXPECT(voxnav_service_add_agent(service, "{\"height\": 1.8, \"opens\": [\"hand\"]}", &player) == VOXNAV_OK, "add_agent");
    EXPECT(voxnav_service_submit(service, player, 42, from, &q, &ticket) == VOXNAV_OK, "submit");
    EXPECT(voxnav_service_wait(service) == VOXNAV_OK, "wait"); /* a game collects once per tick instead */
    voxnav_finished done[4];
    size_t count = 0;
    EXPECT(voxnav_service_collect(service, done, 4, &count) == VOXNAV_OK && count == 1, "collect");
    if (count == 1) {
        printf("service: npc %llu, %s, %.3f s\n", (unsigned long long)done[0].npc,
               voxnav_search_status_name(voxnav_route_status(done[0].route)), voxnav_route_cost(done[0].route));
        EXPECT(done[0].npc == 42 && fabs(voxnav_route_cost(done[0].route) - voxnav_route_cost(route)) < 1e-9,
               "the service's route costs the same");
        voxnav_route_destroy(done[0].route);
    }
    voxnav_service_destroy(service);
    voxnav_route_destroy(smooth);

    /* An edit: the door becomes stone; the next query sees it. */
    EXPECT(voxnav_world_set_block(world, 8, 1, 8, stone) == VOXNAV_OK, "set_block");
    EXPECT(voxnav_find_route(nav, from, &q, route) == VOXNAV_OK, "find_route runs after the edit");
    EXPECT(voxnav_route_status(route) == VOXNAV_NO_PATH, "the walled-in goal is unreachable");

    /* Bad input: statuses and sentences, nothing changed. */
    uint16_t bad[4096];
    memcpy(bad, ids, sizeof bad);
    bad[100] = 60000;
    EXPECT(voxnav_world_set_chunk(world, 1, 0, 0, bad) == VOXNAV_ERR_ARGUMENT, "an unknown block id is refused");
    EXPECT(strstr(voxnav_last_error(), "60000") != NULL, "the error names the id");
    EXPECT(voxnav_world_is_loaded(world, 1, 0, 0) == 0, "the refused chunk was not loaded");
    voxnav_navigator* bad_nav = NULL;
    EXPECT(voxnav_navigator_create(world, "{\"hieght\": 2}", &bad_nav) == VOXNAV_ERR_PROFILE, "an unknown profile key");
    EXPECT(strstr(voxnav_last_error(), "hieght") != NULL, "the error names the key");
    EXPECT(bad_nav == NULL, "no navigator on error");
    EXPECT(voxnav_find_route(NULL, from, &q, route) == VOXNAV_ERR_ARGUMENT, "a NULL navigator");
    EXPECT(voxnav_route_status(route) == VOXNAV_FAILED, "the route says the call failed");
    q.weight = 0.5;
    EXPECT(voxnav_find_route(nav, from, &q, route) == VOXNAV_ERR_ARGUMENT, "weight below 1");
    q.weight = 1.0;
    q.max_cost = NAN;
    EXPECT(voxnav_find_route(nav, from, &q, route) == VOXNAV_ERR_ARGUMENT, "a NaN max_cost");

    voxnav_route_destroy(route);
    voxnav_world_destroy(world); /* the navigator keeps it alive */
    voxnav_navigator_destroy(nav);
    if (failures) {
        fprintf(stderr, "route_from_c: %d failures\n", failures);
        return 1;
    }
    printf("route_from_c: ok\n");
    return 0;
}
