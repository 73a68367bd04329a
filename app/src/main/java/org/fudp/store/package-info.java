// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP store of an ONOS cluster: the loop's published views and bounded histories in ONOS's
 * eventually consistent maps, so every instance serves reads and a failover keeps them.
 */
package org.fudp.store;
