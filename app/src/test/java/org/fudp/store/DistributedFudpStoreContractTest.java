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
