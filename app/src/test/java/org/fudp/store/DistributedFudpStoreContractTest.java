// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpStore;

/**
 * The store contract on one {@link DistributedFudpStore}, over the shared test storage (its writes
 * are encoded by the real serializer).
 */
class DistributedFudpStoreContractTest extends FudpStoreContract {

    @Override
    FudpStore newStore(int historyLength) {
        return new DistributedFudpStore(new SharedTestStorageService(), historyLength);
    }
}
