import random
FIRST = "Jordi Josep Joan Pere Marc Albert Xavier Oriol Pau Arnau Quim Ramon Enric Lluís Martí Jaume Francesc Miquel Carles Sergi Antoni Narcís Roser Montserrat Núria Mireia Laia Anna Marta Glòria Mercè Dolors Teresa Pilar Carme Assumpta Eulàlia Berta Agnès Imma Rosa Neus Meritxell Montse Fina Àngels Roc Biel Guillem Ferran".split()
SUR = "Puig Roca Serra Vila Bosch Garriga Ferrer Soler Pujol Font Riera Casals Vidal Prat Sala Coll Mas Camps Costa Comas Roig Tort Batlle Badia Canals Bonet Bertran Torrent Pons Rovira Sabaté Oliveras Planas Busquets Figueras Marimon Xirau Dalmau Esteve Fabregat Gispert Llach Miralles Noguera Ordeig Quintana Rius Sunyer Targa Vinyes Aymerich Boix Cuscó Domènech Espelt Falguera Grau Heras Jové".split()
def pairs(n, seed=7, unique=True):
    r = random.Random(seed); seen=set(); out=[]
    while len(out) < n:
        a = f"{r.choice(FIRST)} {r.choice(SUR)}"; b = f"{r.choice(FIRST)} {r.choice(SUR)}"
        key = f"{a.split()[1]} – {b.split()[1]}"
        if a == b or a in seen or b in seen or (unique and key in seen): continue
        seen.add(a); seen.add(b); seen.add(key)
        out.append((a, b))
    return out
def pasted(n):
    lines = ["nom\tjugador 1\tjugador 2"]
    for a, b in pairs(n):
        lines.append(f"{a.split()[1]} – {b.split()[1]}\t{a}\t{b}")
    return "\n".join(lines) + "\n"
if __name__ == "__main__":
    import sys; print(pasted(int(sys.argv[1])), end="")
