// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What the loop wants done, for the host to carry out: rules, meters and control frames to send, notices to
 * log, and the records to publish, all in one {@link org.fudp.loop.api.commands.Actions} per event. Uses the
 * settings, the records and the facilities; never the events.
 */
package org.fudp.loop.api.commands;
