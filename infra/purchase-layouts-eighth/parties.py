"""The two receivers of the eighth corpus: an invented company, and a grocer in recargo de equivalencia."""
from model import Party, cif, dni

COMPANY = Party('Estudio Ribagorza, S.L.', cif('B', '2241735'), ['Calle Predicadores, 48, 2º', '50003 Zaragoza'])
GROCER = Party('Mercedes Lahoz Gil', dni('73118264'), ['Ultramarinos Lahoz', 'Plaza Mayor, 3', '44600 Alcañiz (Teruel)'])
