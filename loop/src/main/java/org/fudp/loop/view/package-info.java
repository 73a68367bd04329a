// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * How the loop's state becomes the records REST, CLI and GUI read ({@code org.fudp.loop.api}): per
 * flow, per set, per facility, published through {@link org.fudp.loop.api.commands.Actions} as they change.
 */
package org.fudp.loop.view;
