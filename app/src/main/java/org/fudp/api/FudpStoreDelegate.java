// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import org.onosproject.store.StoreDelegate;

/**
 * Receives the events a {@link FudpStore} derives from its changes.
 */
public interface FudpStoreDelegate extends StoreDelegate<FudpEvent> {
}
