// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * JMH benchmarks of one FUDPA control cycle at carrier scale, each measured against sorting as
 * many doubles in the same run.
 */
package org.fudp.benchmarks;
