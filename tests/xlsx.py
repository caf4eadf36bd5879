"""Reading back the .xlsx the bot sends, with the standard library only: every sheet's rows as
Python values (a number stays a number; a text is a text), so a test can tell them apart."""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def _column(reference: str) -> int:
    letters = re.match(r"[A-Z]+", reference)
    assert letters is not None
    index = 0
    for letter in letters[0]:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def read_workbook(data: bytes) -> dict[str, list[list[object]]]:
    """Sheet name → rows of cells (float for numbers, str for texts, None for empty)."""
    book = zipfile.ZipFile(io.BytesIO(data))
    shared = []
    if "xl/sharedStrings.xml" in book.namelist():
        root = ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
        shared = ["".join(t.text or "" for t in si.iter(f"{{{NS['m']}}}t")) for si in root]
    workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target") for rel in rels}
    sheets: dict[str, list[list[object]]] = {}
    for sheet in workbook.find("m:sheets", NS) or []:
        path = "xl/" + str(targets[sheet.get(REL)]).removeprefix("/xl/")
        rows: list[list[object]] = []
        for row in ElementTree.fromstring(book.read(path)).iter(f"{{{NS['m']}}}row"):
            cells: list[object] = []
            for cell in row.findall("m:c", NS):
                at = _column(cell.get("r", "A"))
                cells.extend([None] * (at - len(cells)))
                value = cell.find("m:v", NS)
                kind = cell.get("t", "n")
                if value is None:
                    cells.append(None)
                elif kind == "s":
                    cells.append(shared[int(value.text or 0)])
                elif kind in ("str", "inlineStr"):
                    cells.append(value.text)
                else:
                    cells.append(float(value.text or 0))
            rows.append(cells)
        sheets[str(sheet.get("name"))] = rows
    return sheets
