/**
 * Benchmarks of package-private classes of the app's implementation package (the checkpoints).
 */
package org.fudp.impl;
