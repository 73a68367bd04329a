package org.fudp.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the FUDP closed loop: flow collection, correlation flow sets, allocation and control.
 */
@Component(immediate = true)
public class FudpManager {

    /** The application name registered with ONOS; app.xml carries the same name. */
    public static final String APP_NAME = "org.fudp.app";

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    private ApplicationId appId;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(APP_NAME);
        log.info("Started {}", appId);
    }

    @Deactivate
    protected void deactivate() {
        log.info("Stopped");
    }
}
