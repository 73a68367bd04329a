// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What a host and the loop exchange, and nothing else: the settings and facilities it is given, the
 * network it is told about, the events it is fed (packet-ins, counters, meter readings), the rules,
 * meters and frames it asks for ({@link org.fudp.loop.api.Actions}), the records REST, CLI and GUI
 * show, and the checkpoints a store keeps for a hand-over. Values only: this package depends on no
 * other package of the loop, so hosts see none of its internals.
 */
package org.fudp.loop.api;
