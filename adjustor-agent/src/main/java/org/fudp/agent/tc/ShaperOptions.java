// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.util.Objects;

/**
 * Tuning of an {@link HtbFlowShaper}. Immutable; change a copy with the {@code with...} methods.
 */
public final class ShaperOptions {

    /** Default options: u32, hashed on the destination port, 3000-byte minimum burst. */
    public static final ShaperOptions DEFAULTS = new ShaperOptions(Classifier.U32, HashKey.DST_PORT, 3000, 1514);

    private final Classifier classifier;
    private final HashKey hashKey;
    private final long minBurstBytes;
    private final int quantumBytes;

    private ShaperOptions(Classifier classifier, HashKey hashKey, long minBurstBytes, int quantumBytes) {
        this.classifier = Objects.requireNonNull(classifier, "classifier");
        this.hashKey = Objects.requireNonNull(hashKey, "hashKey");
        if (minBurstBytes < 1) {
            throw new IllegalArgumentException("minBurstBytes must be at least 1, was " + minBurstBytes);
        }
        if (quantumBytes < 1) {
            throw new IllegalArgumentException("quantumBytes must be at least 1, was " + quantumBytes);
        }
        this.minBurstBytes = minBurstBytes;
        this.quantumBytes = quantumBytes;
    }

    /**
     * Returns a copy with another classifier.
     *
     * @param value classifier, e.g. from {@link FeatureProbe#detect}
     * @return new options
     */
    public ShaperOptions withClassifier(Classifier value) {
        return new ShaperOptions(value, hashKey, minBurstBytes, quantumBytes);
    }

    /**
     * Returns a copy with another u32 hash key.
     *
     * @param value hash key
     * @return new options
     */
    public ShaperOptions withHashKey(HashKey value) {
        return new ShaperOptions(classifier, value, minBurstBytes, quantumBytes);
    }

    /**
     * Returns a copy with another minimum burst. A burst below one full frame would let HTB send
     * nothing but one packet per token refill, so smaller bursts from the controller are raised
     * to this.
     *
     * @param value bytes, at least 1
     * @return new options
     */
    public ShaperOptions withMinBurstBytes(long value) {
        return new ShaperOptions(classifier, hashKey, value, quantumBytes);
    }

    /**
     * Returns the classifier.
     *
     * @return classifier
     */
    public Classifier classifier() {
        return classifier;
    }

    /**
     * Returns the u32 hash key.
     *
     * @return hash key
     */
    public HashKey hashKey() {
        return hashKey;
    }

    /**
     * Returns the minimum burst.
     *
     * @return bytes
     */
    public long minBurstBytes() {
        return minBurstBytes;
    }

    /**
     * Returns the HTB quantum given to every class. It is set explicitly because the kernel derives
     * it from rate / r2q otherwise and logs a warning for every class whose result is out of range;
     * with rate equal to ceil no class borrows, so the quantum does not change any rate.
     *
     * @return bytes
     */
    public int quantumBytes() {
        return quantumBytes;
    }

    @Override
    public String toString() {
        return "classifier " + classifier + ", hash key " + hashKey + ", min burst " + minBurstBytes
                + " B, quantum " + quantumBytes + " B";
    }
}
