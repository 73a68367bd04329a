// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Hand-over between controllers: a facility's state written as a checkpoint when its controller lets
 * it go, and adopted by the next one without touching the switch's rules or the adjustor's limits.
 */
package org.fudp.loop.handover;
