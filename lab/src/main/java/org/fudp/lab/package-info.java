// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The lab's controller: a thin Open vSwitch host of the product's control loop
 * ({@link org.fudp.loop.FudpLoop}); every flow, set, decision and frame is the loop's.
 * <ul>
 *   <li>{@link org.fudp.lab.LabControllerMain}: the process, a packet-in reader thread and the main thread;</li>
 *   <li>{@link org.fudp.lab.LabHost}: hands the loop events, counters and the time, executes its actions;</li>
 *   <li>{@link org.fudp.lab.LoopSetup}, {@link org.fudp.lab.LabNetwork}, {@link org.fudp.lab.LabConfig}: the
 *       loop's settings, facility and network view from the lab's config;</li>
 *   <li>ovs-ofctl text: {@link org.fudp.lab.MonitorParser} (packet-ins in), {@link org.fudp.lab.FlowDump}
 *       (counters in), {@link org.fudp.lab.RuleText} and {@link org.fudp.lab.BaseRules} (rules out),
 *       {@link org.fudp.lab.OvsOfctlSwitch} (the commands);</li>
 *   <li>{@link org.fudp.lab.PeriodCsv}: the loop's decisions as the CSV the lab's analysis reads.</li>
 * </ul>
 */
package org.fudp.lab;
