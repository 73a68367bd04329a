/**
 * The agent's link layer: raw control frames in and out of an interface through libpcap.
 */
package org.fudp.agent.net;
