/**
 * Tests of the agent daemon and its command line.
 */
package org.fudp.agent;
