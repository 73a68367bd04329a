// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What the loop is given: its tunables ({@link org.fudp.loop.api.settings.LoopSettings}), the facilities and
 * their wiring, traffic classes, principal rules, flow budgets and the responsiveness test's settings. Uses
 * only the network package.
 */
package org.fudp.loop.api.settings;
