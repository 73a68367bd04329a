"""Placeholder until the controller lands."""


class FudpLoop:
    def __init__(self, *a):
        raise RuntimeError("FUDP loop not built yet")
