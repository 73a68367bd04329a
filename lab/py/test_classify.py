# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
import json
import os
import tempfile
import unittest

import classify

LOG = """[controller 11:30:51] UDP flow udp-10.77.0.1-40001-10.77.0.4-5201 in bottleneck:set1 responded: slowed from \
4.00 Mbit/s to 2.10 Mbit/s at a limit of 2.00 Mbit/s, back to 4.00 Mbit/s released; passed 1 of 1 tests
[controller 11:30:52] UDP flow udp-10.77.0.1-40003-10.77.0.4-443 in bottleneck:set1 did not respond: kept offering \
20.00 Mbit/s of 20.00 Mbit/s at a limit of 10.00 Mbit/s; passed 0 of 1 tests
[controller 11:30:53] UDP flow udp-10.77.0.4-5201-10.77.0.1-40001 in bottleneck:set1 did not respond: slowed from \
0.30 Mbit/s to 0.20 Mbit/s at a limit of 0.15 Mbit/s, not back up released (0.20 Mbit/s); passed 0 of 1 tests
[controller 11:30:54] Set set1 FAIR
"""


class Classify(unittest.TestCase):

    def test_verdicts_are_matched_to_their_flows_by_port_and_tallied_per_kind(self):
        with tempfile.TemporaryDirectory() as run:
            os.makedirs(os.path.join(run, "raw", "fudp"))
            with open(os.path.join(run, "scenario.json"), "w") as fh:
                json.dump({"flows": [{"id": 1, "protocol": "quic", "cc": "reno"},
                                     {"id": 3, "protocol": "quic-flood"}]}, fh)
            with open(os.path.join(run, "raw", "fudp", "controller.log"), "w") as fh:
                fh.write(LOG)
            self.assertEqual([("QUIC reno", True, 4.0, 2.0), ("disguised flood", False, 20.0, 10.0),
                              ("QUIC reno (its reverse direction)", False, 0.3, 0.15)], classify.verdicts(run))
            text = classify.table([run])
            self.assertIn("| QUIC reno | 1 | 1 (100 %) | 0.50 |", text)
            self.assertIn("| disguised flood | 1 | 0 (0 %) | 0.50 |", text)


if __name__ == "__main__":
    unittest.main()
