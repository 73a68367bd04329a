// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import com.google.common.collect.ImmutableList;
import org.fudp.api.FudpService;
import org.onosproject.app.ApplicationService;
import org.onosproject.core.CoreService;
import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionService;
import org.onosproject.ui.UiMessageHandlerFactory;
import org.onosproject.ui.UiTopoHighlighterFactory;
import org.onosproject.ui.UiTopoOverlayFactory;
import org.onosproject.ui.UiView;
import org.onosproject.ui.UiViewHidden;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.onlab.util.Tools.groupedThreads;

/**
 * Registers FUDP's pages with ONOS's web GUI: the "FUDP" view in the navigation menu, the
 * "FUDP" topology overlay, their message handlers, and a custom-traffic highlighter.
 * <p>
 * The browser files come from the fudp-web-gui module and sit in this bundle under
 * {@code app/view/fudp/}, {@code app/view/fudpTopov/} and {@code fudp/} (css.html, js.html),
 * where the legacy GUI's extension loader looks for them.
 * </p>
 * <p>
 * Under GUI2 the view is left out: GUI2's menu lists every registered view but links each to its
 * own route {@code #/<view id>}, and it has routes only for the views compiled into it, so a
 * "FUDP" entry would do nothing. GUI2 users have the FUDP page at {@code /onos/fudp/ui/} instead
 * ({@code org.fudp.rest.PageWebResource}). Which GUI runs is read on activation; the component
 * is activated anew whenever a GUI application starts, as the extension service is that GUI's.
 * </p>
 */
@Component(immediate = true)
public class FudpGuiComponent {

    /** Id of the FUDP view; names {@code app/view/fudp/} and the Angular module ovFudp. */
    public static final String VIEW_ID = "fudp";
    /** Id of the hidden view that carries the overlay's JavaScript (module ovFudpTopov). */
    public static final String TOPO_VIEW_ID = "fudpTopov";
    /** Where css.html and js.html live. */
    static final String RESOURCE_PATH = "fudp";

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected UiExtensionService uiExtensionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FudpService fudpService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ApplicationService applicationService;

    private ScheduledExecutorService executor;
    private UiExtension extension;
    private UiTopoHighlighterFactory highlighterFactory;

    /**
     * Builds the GUI extension, without registering it.
     *
     * @param fudp FUDP service the overlay reads
     * @param pushExecutor executor for the highlight refreshes
     * @param gui2 whether GUI2 is the active GUI; then the view is left out of the menu
     * @return the extension
     */
    static UiExtension buildExtension(FudpService fudp, ScheduledExecutorService pushExecutor, boolean gui2) {
        // GUI2's menu shows no HIDDEN view; the hidden one stays, as an extension needs a view.
        List<UiView> views = gui2 ? ImmutableList.of(new UiViewHidden(TOPO_VIEW_ID))
                : ImmutableList.of(new UiView(UiView.Category.NETWORK, VIEW_ID, "FUDP", "nav_links"),
                                   new UiViewHidden(TOPO_VIEW_ID));
        UiMessageHandlerFactory handlers = () -> ImmutableList.of(
                new FudpViewMessageHandler(), new FudpTopoMessageHandler(pushExecutor));
        UiTopoOverlayFactory overlays = () -> ImmutableList.of(new FudpTopoOverlay(fudp));
        return new UiExtension.Builder(FudpGuiComponent.class.getClassLoader(), views)
                .resourcePath(RESOURCE_PATH)
                .messageHandlerFactory(handlers)
                .topoOverlayFactory(overlays)
                .build();
    }

    /**
     * Registers the extension and the highlighter.
     */
    @Activate
    protected void activate() {
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("fudp/gui", "highlights", log));
        boolean gui2 = ActiveGui.gui2(coreService, applicationService);
        extension = buildExtension(fudpService, executor, gui2);
        uiExtensionService.register(extension);
        highlighterFactory = () -> new FudpHighlighter(fudpService);
        uiExtensionService.register(highlighterFactory);
        if (gui2) {
            log.info("GUI2 is active: FUDP topology highlights registered, no menu entry (GUI2 has no route "
                    + "for app views); the FUDP page is at /onos/fudp/ui/");
        } else {
            log.info("FUDP GUI view and topology overlay registered");
        }
    }

    /**
     * Unregisters the extension and stops the highlight refreshes.
     */
    @Deactivate
    protected void deactivate() {
        uiExtensionService.unregister(highlighterFactory);
        uiExtensionService.unregister(extension);
        executor.shutdownNow();
        log.info("FUDP GUI unregistered");
    }
}
