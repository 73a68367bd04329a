// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What a store keeps for a hand-over: where the controller of a facility left it, flow by flow, with what the
 * responsiveness tests found. Uses only the settings.
 */
package org.fudp.loop.api.checkpoints;
