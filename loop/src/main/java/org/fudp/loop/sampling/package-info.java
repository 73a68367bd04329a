// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Flow collection from sFlow: the facility switch samples one packet in N and sends the samples to
 * the controller, which finds the heavy 5-tuples from them without a rule or a packet-in per flow.
 * This package only decodes the datagrams; it receives nothing itself, so the host that owns the
 * socket hands it the bytes.
 */
package org.fudp.loop.sampling;
