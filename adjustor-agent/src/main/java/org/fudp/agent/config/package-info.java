/**
 * The agent's configuration file: keys, defaults and validation.
 */
package org.fudp.agent.config;
