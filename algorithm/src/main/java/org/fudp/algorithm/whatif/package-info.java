// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The what-if runner: FUDPA over recorded periods, read from and written to JSON (rates in bit/s),
 * shared by {@code tools/fudp-whatif}, the REST API and the lab.
 *
 * <p>Input: {@code {"config": {...}, "periods": [{"cfs": [{"id", "capacityBps", "flows": [{"id",
 * "protocol", "rateBps", "demandBps"}]}]}]}}. Output: one decision record per CFS per period.
 * See {@code docs/algorithm.md} for the format and its rules.
 */
package org.fudp.algorithm.whatif;
