// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpStore;
import org.onosproject.store.service.TestStorageService;

/**
 * The store contract on a {@link DistributedFudpStore} over ONOS's own {@code TestStorageService},
 * the double other tests of the app may use: its maps do not serialize, and its {@code clear()}
 * tells no listener.
 */
class OnosTestStorageContractTest extends FudpStoreContract {

    @Override
    FudpStore newStore(int historyLength) {
        return new DistributedFudpStore(new TestStorageService(), historyLength);
    }
}
