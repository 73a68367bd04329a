// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP control loop without a host. {@link org.fudp.loop.FudpLoop} is the one class a host
 * drives: it takes events and the time as arguments and returns {@link org.fudp.loop.api.commands.Actions}
 * (rules to add or remove, frames to emit, state to publish). It never reads a clock or sends
 * anything; the ONOS app and the lab host it and execute what it returns. Below it, one package per
 * part of the paper: {@code collect} (FIC), {@code sets} (correlation flow sets, and FUDPA's inputs
 * and runs per set), {@code enforce} (UFC), and {@code flow}, {@code view}, {@code handover},
 * {@code api}; docs/architecture.md draws them and the arrows allowed between them.
 */
package org.fudp.loop;
