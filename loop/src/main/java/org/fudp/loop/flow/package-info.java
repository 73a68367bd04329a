// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The flow information base: one {@link org.fudp.loop.flow.TrackedFlow} per 5-tuple a facility
 * watches, with its rules, its measured rates and its membership in its set. Collection writes it;
 * sets, enforcement and the views read it. It depends only on the loop's API.
 */
package org.fudp.loop.flow;
