// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What the loop is fed: packet-ins, rule counters and meter readings, and the verdict a host's packet processor
 * must give at once ({@link org.fudp.loop.api.events.PacketVerdict}). A counter names the rule or meter it reads,
 * so this package may use the commands.
 */
package org.fudp.loop.api.events;
