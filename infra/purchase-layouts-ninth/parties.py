"""The invented parties shared by the layouts: the receiving company and the grocer in recargo."""
from model import Party, cif, dni

COMPANY = Party("Montajes y Climatización Gállego, S.L.", cif("B", "5031827"),
                ["Polígono Valdeconsejo, nave 14", "50410 Cuarte de Huerva (Zaragoza)"])
GROCER = Party("María Pilar Sancho Lafuente", dni("17342806"),
               ["Alimentación Pili", "C/ Coso Alto 22", "22003 Huesca"])
